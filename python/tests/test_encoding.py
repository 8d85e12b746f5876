import numpy as np

import tolaria
from tolaria import encoding

RG = tolaria.load_deck("red_green")["cards"]
WB = tolaria.load_deck("white_blue")["cards"]


def test_layout_and_shapes():
    g = tolaria.Game(seed=1)
    e = tolaria.encode(g, 0)
    total = sum(r * c for _, r, c in encoding.LAYOUT)
    assert total == tolaria.OBS_LEN
    assert e["action_mask"].shape == (tolaria.MAX_ACTIONS,)
    assert e["hand"].shape[1] == len(encoding.CARD_FEATURES)
    assert len(encoding.ACTION_KINDS) == 41
    assert encoding.observation_space().contains(e)


def test_mask_marks_the_legal_actions():
    g = tolaria.Game(seed=1)
    d = g.decider
    e = tolaria.encode(g, d)
    assert e["action_mask"].sum() == 2  # Keep, Mulligan
    keep = encoding.ACTION_KINDS.index("Keep")
    assert e["actions"][0, keep] == 1.0
    other = tolaria.encode(g, 1 - d)
    assert other["action_mask"].sum() == 0  # only the decider has actions
    assert (other["actions"] == 0).all()


def _two_games_differing_in_hidden_cards(seed):
    """The same game except the non-viewer's deck: every one of its cards differs."""
    a = tolaria.Game([RG, WB], seed)
    b = tolaria.Game([RG, list(reversed(RG))[: len(WB)]], seed)
    return a, b


def test_encoding_never_leaks_hidden_cards():
    for seed in range(6):
        a, b = _two_games_differing_in_hidden_cards(seed)
        # P1 (seat 0) has the same deck in both games; what differs is P2's hidden hand
        # and library. Keep hands until P1 decides with priority, then compare.
        for _ in range(20):
            mull = a.decision["kind"] == "Mulligan"
            if a.decider == 0 and not mull:
                break
            for g in (a, b):
                g.apply("Keep" if mull else "Pass")
        ea, eb = tolaria.encode(a, 0), tolaria.encode(b, 0)
        for k in ea:
            np.testing.assert_array_equal(ea[k], eb[k], err_msg=f"seed {seed}: part {k}")
        # the opponent sees their own (different) hand: a sanity check that the test can fail
        oa, ob = tolaria.encode(a, 1), tolaria.encode(b, 1)
        assert not np.array_equal(oa["hand_ids"], ob["hand_ids"])


def test_card_features_from_the_database():
    g = tolaria.Game([["Grizzly Bears"] * 40, ["Forest"] * 40], seed=3)
    me = 0
    e = tolaria.encode(g, me)
    names = encoding.CARD_FEATURES
    hand = e["hand"]
    row = hand[0]
    assert row[names.index("present")] == 1 and row[names.index("known")] == 1
    assert row[names.index("power/10")] == 0.2
    assert row[names.index("type_Creature")] == 1
    bears = tolaria.cards.show("Grizzly Bears")["id"]
    assert e["hand_ids"][0] == bears + 1


def test_removed_cards_are_encoded_for_everyone():
    # 502.59: a suspended card is removed from the game face up with time counters; both
    # players see it in `removed` (owner, time counters), and the suspend action's object
    # pointed into `removed` before.
    g = tolaria.Game([["Rift Bolt"] * 20 + ["Mountain"] * 20, ["Forest"] * 40], seed=2)
    for _ in range(400):
        if g.is_over():
            break
        legal = g.legal_actions()
        suspends = [i for i, a in enumerate(legal) if isinstance(a, dict) and "Suspend" in a]
        if g.decider == 0 and suspends:
            g.apply(suspends[0])
            # pay the suspend cost ({R}): the card is removed once it is paid
            for _ in range(5):
                kinds = [a if isinstance(a, str) else next(iter(a)) for a in g.legal_actions()]
                if "ActivateMana" not in kinds:
                    break
                g.apply(kinds.index("ActivateMana"))
            break
        kinds = [a if isinstance(a, str) else next(iter(a)) for a in legal]
        pick = next((kinds.index(k) for k in ("Keep", "PlayLand") if k in kinds), None)
        g.apply(pick if pick is not None else kinds.index("Pass") if "Pass" in kinds else 0)
    else:
        raise AssertionError("no suspend was offered")
    bolt = tolaria.cards.show("Rift Bolt")["id"]
    for viewer, owner_seat in ((0, 0), (1, 1)):
        e = tolaria.encode(g, viewer)
        assert e["removed_ids"][0] == bolt + 1
        row = e["removed"][0]
        c = len(encoding.CARD_FEATURES)
        assert row[c + owner_seat] == 1.0  # owner, relative to the viewer
        assert row[c + 4] == 0.0  # not hidden
        assert row[c + 5] == 0.1  # one time counter
        assert (e["removed"][1:] == 0).all()
