"""A small typed reader for ruleset data files: every error names the file and the path."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from league_manager.core.errors import DataFileError


class Node:
    """A value read from a data file, with the path that leads to it.

    Accessors check the type and raise :class:`DataFileError` naming the file,
    the path (``teams[3].positions[2].cost``) and what was expected.
    """

    __slots__ = ("path", "value")

    def __init__(self, value: Any, path: str) -> None:
        self.value = value
        self.path = path

    def _fail(self, expected: str) -> DataFileError:
        return DataFileError(f"{self.path}: expected {expected}, found {self.value!r}")

    def __getitem__(self, key: str) -> Node:
        mapping = self._mapping()
        if key not in mapping:
            raise DataFileError(f"{self.path}: missing '{key}'")
        return Node(mapping[key], f"{self.path}.{key}")

    def get(self, key: str) -> Node | None:
        """The child ``key``, or None when absent or null."""
        mapping = self._mapping()
        if mapping.get(key) is None:
            return None
        return Node(mapping[key], f"{self.path}.{key}")

    def has(self, key: str) -> bool:
        """True when ``key`` is present and not null."""
        return self._mapping().get(key) is not None

    def only(self, *allowed: str) -> Node:
        """Reject keys outside ``allowed`` (catches typos in hand-edited files)."""
        extra = sorted(set(self._mapping()) - set(allowed))
        if extra:
            raise DataFileError(f"{self.path}: unknown key(s) {', '.join(extra)}")
        return self

    def _mapping(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self._fail("a mapping")
        return self.value

    def items(self) -> Iterator[tuple[str, Node]]:
        """Key/child pairs of a mapping."""
        for key, value in self._mapping().items():
            yield str(key), Node(value, f"{self.path}.{key}")

    def entries(self) -> list[Node]:
        """Children of a list."""
        if not isinstance(self.value, list):
            raise self._fail("a list")
        return [Node(v, f"{self.path}[{i}]") for i, v in enumerate(self.value)]

    def text(self) -> str:
        """A non-empty string."""
        value = self.value
        if not isinstance(value, str) or not value.strip():
            raise self._fail("text")
        return value

    def number(self, *, minimum: int | None = None, maximum: int | None = None) -> int:
        """An integer, optionally within bounds."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self._fail("a whole number")
        if minimum is not None and self.value < minimum:
            raise self._fail(f"a number >= {minimum}")
        if maximum is not None and self.value > maximum:
            raise self._fail(f"a number <= {maximum}")
        return self.value

    def flag(self) -> bool:
        """A boolean."""
        if not isinstance(self.value, bool):
            raise self._fail("true or false")
        return self.value

    def texts(self) -> tuple[str, ...]:
        """A list of strings."""
        return tuple(n.text() for n in self.entries())

    def one_of(self, *choices: str) -> str:
        """A string from a fixed set."""
        text = self.text()
        if text not in choices:
            raise self._fail("one of " + ", ".join(choices))
        return text


def opt_int(node: Node | None) -> int | None:
    """An optional integer field."""
    return None if node is None or node.value is None else node.number()


def opt_str(node: Node | None) -> str | None:
    """An optional string field."""
    return None if node is None or node.value is None else node.text()
