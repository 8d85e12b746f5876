import json
import pickle

import pytest

import tolaria


def play_random(g, seed=1, cap=20000):
    agents = [tolaria.Agent("random", seed + i) for i in range(g.num_players)]
    n = 0
    while not g.is_over() and n < cap:
        agents[g.decider].act(g)
        n += 1
    return n


def test_new_game_and_decision():
    g = tolaria.Game(["red_green", "white_blue"], seed=7)
    assert g.num_players == 2
    assert g.decision["kind"] == "Mulligan"
    assert g.decider in (0, 1)
    assert g.legal_actions() == ["Keep", "Mulligan"]
    assert not g.is_over() and g.result is None


def test_play_to_the_end_with_log_and_rules():
    g = tolaria.Game(seed=3)
    events = g.take_events()
    assert any(e["rule"] == "101.2" and "seed 3" in e["text"] for e in events)
    play_random(g)
    assert g.is_over()
    r = g.result
    assert r["draw"] or r["winner"] in (0, 1)
    lines = g.take_log()
    assert lines and all(line[0].isdigit() for line in lines)


def test_same_seed_and_actions_same_game():
    a, b = tolaria.Game(seed=11), tolaria.Game(seed=11)
    play_random(a, seed=5)
    for act in a.actions:
        b.apply(act)
    assert b.is_over() and b.result == a.result and b.turn == a.turn
    assert a.view(0) == b.view(0)


def test_clone_is_independent():
    g = tolaria.Game(seed=2)
    c = g.clone()
    g.apply("Keep")
    assert c.decision != g.decision or c.legal_actions() != g.legal_actions() or True
    assert len(c.actions) == 0 and len(g.actions) == 1


def test_apply_forms_and_errors():
    g = tolaria.Game(seed=4)
    g.apply(0)  # by index
    with pytest.raises(tolaria.IllegalActionError, match="out of range"):
        g.apply(500)
    with pytest.raises(tolaria.IllegalActionError, match="not a legal answer"):
        g.apply({"PlayLand": {"slot": 999, "gen": 0}})
    with pytest.raises(tolaria.IllegalActionError, match="not an action"):
        g.apply("Fireball")
    with pytest.raises(tolaria.IllegalActionError):
        g.apply({"nonsense": [1, 2]})
    with pytest.raises(tolaria.TolariaError, match="player 5"):
        g.view(5)
    # the game is unchanged by the errors
    assert len(g.actions) == 1


def test_errors_for_decks():
    with pytest.raises(tolaria.DeckError, match="unknown card"):
        tolaria.Game([["Grizzly Bears", "Not A Card"], "red_green"])
    with pytest.raises(tolaria.DeckError, match="at least two"):
        tolaria.Game(["red_green"])
    with pytest.raises(tolaria.DeckError, match="cannot read"):
        tolaria.Game(["/no/such/deck.txt", "red_green"])


def test_game_over_error():
    g = tolaria.Game(seed=5)
    play_random(g)
    with pytest.raises(tolaria.IllegalActionError, match="over"):
        g.apply("Pass")


def test_view_hides_opponent_hand():
    g = tolaria.Game(seed=6)
    me = g.decider
    v = g.view(me)
    other = 1 - me
    assert v["players"][me]["hand"] is not None
    assert v["players"][other]["hand"] is None
    assert v["players"][other]["hand_size"] == 7
    assert v["legal_actions"] == ["Keep", "Mulligan"]
    assert g.view(other)["legal_actions"] == []


def test_save_load_and_pickle(tmp_path):
    g = tolaria.Game(seed=8)
    for _ in range(200):
        if g.is_over():
            break
        g.apply(0)
    path = tmp_path / "game.json"
    g.save(str(path))
    h = tolaria.Game.load(str(path))
    assert h.view(0) == g.view(0) and h.actions == g.actions
    p = pickle.loads(pickle.dumps(g))
    assert p.view(1) == g.view(1)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}')
    with pytest.raises(tolaria.ReplayError, match="not a tolaria saved game"):
        tolaria.Game.load(str(bad))


def test_agents():
    for name in ["random", "greedy", "mcts:20"]:
        g = tolaria.Game(seed=9)
        a = tolaria.Agent(name, 1)
        for _ in range(30):
            if g.is_over():
                break
            a.act(g)
    with pytest.raises(tolaria.TolariaError, match="unknown agent"):
        tolaria.Agent("alphazero")


def test_cards_and_decks():
    c = tolaria.cards.show("Grizzly Bears")
    assert c["faces"][0]["power"] == "2" and c["supported"]
    with pytest.raises(KeyError, match="did you mean"):
        tolaria.cards.show("Grizzly")
    assert tolaria.cards.by_id(c["id"])["name"] == "Grizzly Bears"
    assert "Grizzly Bears" in tolaria.cards.names()
    d = tolaria.load_deck("red_green")
    assert len(d["cards"]) == sum(n for _, n in d["main"])
    assert set(tolaria.builtin_decks()) >= {"red_green", "white_blue"}


def test_multiplayer_attack_option():
    g = tolaria.Game(["red_green", "white_blue", "red_green"], seed=1, attack="multiple")
    assert g.num_players == 3 and g.attack == "multiple"
    play_random(g, cap=3000)
    with pytest.raises(tolaria.TolariaError, match="attack option"):
        tolaria.Game(seed=1, attack="diagonal")


def test_play_matches_threads_agree():
    decks = ["rg_beats_old", "white_weenie_old"]
    one = tolaria.play_matches(decks, ["random", "greedy"], list(range(6)), threads=1)
    two = tolaria.play_matches(decks, ["random", "greedy"], list(range(6)), threads=2)
    assert one == two and len(one) == 6
    assert all(r["over"] for r in one)


def test_attack_option_survives_save_and_load(tmp_path):
    # 605.2b: the attack option is part of the saved set-up (the format of
    # `tolaria replay`, version 2), so the loaded game plays the same.
    g = tolaria.Game(["red_green", "white_blue", "red_green"], seed=4, attack="right")
    for _ in range(150):
        if g.is_over():
            break
        g.apply(0)
    saved = json.loads(g.to_json())
    assert saved["version"] == 2
    assert saved["setup"]["options"]["attack"] == "Right"
    path = tmp_path / "right.json"
    g.save(str(path))
    h = tolaria.Game.load(str(path))
    assert h.attack == "right" and h.actions == g.actions
    assert h.view(2) == g.view(2)
