"""The card database shipped with Tolaria (the 2007 card pool)."""

from ._tolaria import card_by_id, card_count, card_data_version, card_names, card_show


def show(name: str) -> dict:
    """A card's data and compiled abilities by name (``tolaria cards show NAME``).

    Raises KeyError naming close matches if there is no such card."""
    return card_show(name)


def by_id(card_id: int) -> dict:
    """A card by its database id (the ``*_ids`` parts of the observation hold id + 1)."""
    return card_by_id(card_id)


def names(supported_only: bool = False) -> list:
    """Every card name in the pool, or only those the engine can play."""
    return card_names(supported_only)


def count() -> int:
    """The number of cards in the database."""
    return card_count()


def data_version() -> str:
    """The card-data version recorded in saved games."""
    return card_data_version()


__all__ = ["by_id", "count", "data_version", "names", "show"]
