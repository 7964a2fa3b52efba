"""A fact's value is the one its passage prints (``fact-value``), the same check in every game.

A record lists under ``facts:`` each field whose value a rule text prints, with the passage
quoted. When the field is a number (or a flat list or mapping of numbers, such as
``production: {energy: 2}``), the passage must print each of its numbers, as the texts write
them (``3``, ``1,000``, ``$1,000M``, ``45min``, ``1st``, ``-1``) or as a word (``three``,
``twice``: ``number_spellings``). Otherwise the value was edited after it was quoted (or quoted
from the wrong passage), and the data says the text prints what it does not: a warning, since
the game still plays and prints as the value says (a workspace's copy of a data file from
before a fact was marked derived still builds).

Some facts are worked out from their passage rather than printed in it ("the 15 Startup cards
... All five startup types": 3 copies of each). Such a field is listed under ``derived:`` too,
with how the value follows from the passage ("15 Startup cards / five types = 3"): the working
must give the value (print each of its numbers), and every other number the working uses must
be printed in the passage, so the value still cannot move away from the text unnoticed.

A fact that is not a number (a name, a text, effect lists) is not checked here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cardgen.data.checks import CheckContext, nodes, number_spellings, show_value
from cardgen.data.documents import Document
from cardgen.problems import Problem, shorten

RULE = "fact-value"
MARKS = ("facts", "authored", "derived")
PASSAGE = 120          # characters of a passage a message quotes

# Digits as the texts print them: "3", "1,000", "$1,000M", "45min", "1st", "4/5th", "0.5", and
# a sign that stands before its number ("is -1", "-$75M"), not the dash of a range ("2-4",
# "$50M-$150M": the dash follows a letter or digit there, so the number is read unsigned).
_DIGITS = re.compile(r"(?<![\w.,])(?P<sign>[-\u2212]\$?)?"
                     r"(?P<digits>\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?)")
_LONGEST = 40          # digits of the longest number read from a text
_WORD = re.compile(r"[a-z]+")
_SPELLED = {word: n for n in range(13) for word in number_spellings(n) if not word.isdigit()}


def printed_numbers(text: str) -> set[float]:
    """Every number ``text`` prints, as digits (thousands separators, currency and units
    around them as the rule texts write them) or as a word of ``number_spellings``."""
    found: set[float] = set()
    for m in _DIGITS.finditer(text):
        digits = m.group("digits").replace(",", "")
        if len(digits) > _LONGEST:
            continue                    # no rule text prints such a number (nor can Python read it)
        number = float(digits) if "." in digits else int(digits)
        found.add(-number if m.group("sign") else number)
    found.update(_SPELLED[w] for w in _WORD.findall(text.lower()) if w in _SPELLED)
    return found


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def checked_numbers(value: Any) -> list[tuple[list[Any], float]] | None:
    """The numbers of a fact's value the check holds against its passage, each with its place
    inside the value: a number, or each member of a flat list or mapping of numbers. None for a
    value that is anything else (a text, nested effects, a mapping of texts): not checked."""
    if _is_number(value):
        return [([], value)]
    if isinstance(value, dict) and value and all(_is_number(v) for v in value.values()):
        return [([k], v) for k, v in value.items()]
    if isinstance(value, list) and value and all(_is_number(v) for v in value):
        return [([i], v) for i, v in enumerate(value)]
    return None


def _field(record: dict, name: str) -> tuple[list[Any], Any] | None:
    """Where the field a fact names is, below its record, and its value: a field of the record,
    or of the one mapping the record holds that has it (the startup game's facts name the
    fields of its ``rules:``, a card's those of its ``effect:``)."""
    if name in record:
        return [name], record[name]
    holders = [k for k, v in record.items() if k not in MARKS and isinstance(v, dict) and name in v]
    if len(holders) == 1:
        return [holders[0], name], record[holders[0]][name]
    return None


def _label(record: dict, path: list[Any], doc: Document) -> str:
    """How a message names a record: its name, title or id, else its place in the file; the
    file's own facts by its kind ("game", not the game's name)."""
    if not path:
        return doc.kind
    for key in ("name", "title", "id"):
        if isinstance(record.get(key), str):
            return record[key]
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _show(value: Any) -> str:
    """A value as a message shows it (``energy: 2``), never failing on a number too long."""
    try:
        return shorten(show_value(value))
    except ValueError:                  # Python writes no int of more than 4,300 digits
        return "a number too long to show"


def _shown(numbers: list[float]) -> str:
    return " and ".join(dict.fromkeys(_show(n) for n in numbers))


def fact_values(ctx: CheckContext) -> Iterator[Problem]:
    """fact-value: the passage of every fact that is a number prints that number, or the fact
    is listed under ``derived:`` with a working that gives it from the passage's numbers; a
    field under ``derived:`` is a fact."""
    for doc in ctx.docs:
        for path, record in nodes(doc.data, []):
            if not isinstance(record, dict) or any(step in MARKS for step in path):
                continue
            facts = record.get("facts")
            derived = record.get("derived")
            facts = facts if isinstance(facts, dict) else {}
            derived = derived if isinstance(derived, dict) else {}
            if not facts and not derived:
                continue
            label = _label(record, path, doc)
            for name in derived:
                if name not in facts:
                    yield doc.problem(RULE, f"{label}: '{shorten(name)}' is listed under 'derived' but not "
                                      f"under 'facts': quote the passage its value is worked out "
                                      f"from under 'facts'", *path, "derived", name)
            for name, passage in facts.items():
                found = _field(record, name)
                numbers = checked_numbers(found[1]) if found else None
                if not found or numbers is None or not isinstance(passage, str):
                    continue
                where, value = found
                in_passage = printed_numbers(passage)
                quote = shorten(passage, PASSAGE, words=True)
                working = derived.get(name)
                if isinstance(working, str):
                    given = printed_numbers(working)
                    missing = [(at, n) for at, n in numbers if n not in given]
                    if missing:
                        yield doc.problem(
                            RULE, f"{label}: {name} is {_show(value)}, but the working listed "
                            f"for it under 'derived' does not give {_shown([n for _, n in missing])}: "
                            f"\"{shorten(working, PASSAGE, words=True)}\"; correct the working, or "
                            f"put back the value it gives", *path, *where, *missing[0][0], severity="warning")
                    unprinted = sorted(given - {n for _, n in numbers} - in_passage)
                    if unprinted and not missing:     # else the old value it gave is one of them
                        yield doc.problem(
                            RULE, f"{label}: the working of {name} uses {_shown(unprinted)}, which "
                            f"its passage does not print: \"{quote}\"; quote the passage that "
                            f"prints it", *path, "derived", name, severity="warning")
                    continue
                missing = [(at, n) for at, n in numbers if n not in in_passage]
                if missing:
                    shown = _shown([n for _, n in missing])
                    yield doc.problem(
                        RULE, f"{label}: {name} is {_show(value)}, but the passage quoted for "
                        f"it under 'facts' does not print {shown}: \"{quote}\"; put back the value "
                        f"the passage prints, or list '{name}' under 'authored' (a value of your "
                        f"own) or under 'derived' (with how the passage gives {shown})",
                        *path, *where, *missing[0][0], severity="warning")
