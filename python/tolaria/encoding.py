"""The fixed-shape encoding of what one player may see, as numpy arrays.

Built from ``Game.view(player)`` alone (in Rust, crates/py/src/encode.rs), so it never holds a
card the player may not see. The flat float32 vector of length ``OBS_LEN`` is split into the
parts of ``LAYOUT``; docs/python.md names every feature. Actions are positions in the legal
action list (at most ``MAX_ACTIONS``); ``mask`` marks the legal positions.
"""

from __future__ import annotations

import numpy as np

from ._tolaria import MAX_ACTIONS, OBS_LEN, card_feature_names, kind_names, layout

#: (name, rows, cols) of each part, in order.
LAYOUT: list = [tuple(p) for p in layout()]
#: The names of the card features (columns of ``hand``; first columns of ``in_play``,
#: ``graveyard``; last columns of ``stack``).
CARD_FEATURES: list = card_feature_names()
#: The decision kinds and action kinds in one-hot order.
DECISION_KINDS, ACTION_KINDS = (list(x) for x in kind_names())

_OFFSETS = []
_o = 0
for _name, _rows, _cols in LAYOUT:
    _OFFSETS.append((_name, _o, _rows, _cols))
    _o += _rows * _cols
assert _o == OBS_LEN


#: Every feature is scaled to about [-1, 1]; none exceeds this bound.
BOUND = 1.0e4


def split(flat: np.ndarray) -> dict:
    """Splits flat observations (``[..., OBS_LEN]``) into named views ``[..., rows, cols]``.

    Parts with one row (``global``, ``*_ids``) drop that axis."""
    lead = flat.shape[:-1]
    out = {}
    for name, off, rows, cols in _OFFSETS:
        part = flat[..., off : off + rows * cols]
        out[name] = part.reshape(lead + ((cols,) if rows == 1 else (rows, cols)))
    return out


def _shape(rows: int, cols: int) -> tuple:
    return (cols,) if rows == 1 else (rows, cols)


def observation_space(with_mask: bool = True):
    """The Gymnasium ``Dict`` space of one observation (and its ``action_mask``)."""
    from gymnasium import spaces

    parts = {}
    for name, rows, cols in LAYOUT:
        if name.endswith("_ids"):
            parts[name] = spaces.Box(0.0, 65536.0, _shape(rows, cols), np.float32)
        else:
            parts[name] = spaces.Box(-BOUND, BOUND, _shape(rows, cols), np.float32)
    if with_mask:
        parts["action_mask"] = spaces.Box(0, 1, (MAX_ACTIONS,), np.int8)
    return spaces.Dict(parts)


def encode_flat(game, player: int):
    """(flat float32 observation, int8 mask, number of legal actions) for ``player``."""
    obs, mask, n = game.encode_raw(player)
    return np.frombuffer(obs, np.float32).copy(), np.frombuffer(mask, np.int8).copy(), n


def encode(game, player: int, with_mask: bool = True) -> dict:
    """The observation of ``player`` in ``game`` as a dict of arrays (plus ``action_mask``)."""
    flat, mask, _ = encode_flat(game, player)
    out = split(flat)
    if with_mask:
        out["action_mask"] = mask
    return out


__all__ = [
    "ACTION_KINDS",
    "CARD_FEATURES",
    "DECISION_KINDS",
    "LAYOUT",
    "MAX_ACTIONS",
    "OBS_LEN",
    "encode",
    "encode_flat",
    "observation_space",
    "split",
]
