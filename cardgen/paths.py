"""Where a game's data, schemas, layouts and catalogs are: looked up through the workspace's
layers (the user's folder first, then the games shipped with cardgen; see ``workspace``), and
how a path is shown to the user."""

from __future__ import annotations

from pathlib import Path

from cardgen.problems import SHIPPED_MARK, printable
from cardgen.safe_read import resolved
from cardgen.workspace import current, library_root

YAML_SUFFIXES = (".yaml", ".yml")


def game_names() -> list[str]:
    """Games with schemas, in the workspace or shipped."""
    return current().subfolders("schemas")


def schema_file(game: str, kind: str) -> Path:
    return current().lookup(Path("schemas", game, f"{kind}.schema.json"))


def schema_files(game: str) -> list[Path]:
    return [p for p in current().listing(Path("schemas", game), (".json",))
            if p.name.endswith(".schema.json")]


def game_data_files(game: str) -> list[Path]:
    """A game's data files (``cards/<game>/*.yaml``), the workspace's replacing shipped ones of the
    same name; subfolders (examples, locale) are not included."""
    return current().listing(Path("cards", game), YAML_SUFFIXES)


def template_file(game: str, *parts: str) -> Path:
    """A layout or insert template of a game (``cards.yaml``, ``inserts/x.yaml.j2``)."""
    return current().lookup(Path("templates", game, *parts))


def catalog_files(game: str) -> list[Path]:
    """A game's translation catalogs (``.po`` and ``.pot``) across the layers."""
    return current().listing(Path("cards", game, "locale"), (".po", ".pot"))


def catalog_file(game: str, name: str) -> Path:
    """The catalog ``name`` (``de.po``) of a game where it is read: the workspace's or shipped."""
    return current().lookup(Path("cards", game, "locale", name))


def watched_roots(game: str) -> list[Path]:
    """Folders whose changes change a game's build (``build --watch``)."""
    return [layer / top / game for layer in current().layers for top in ("cards", "templates")]


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working directory when inside it, and
    printable (control characters and the bytes of a non-UTF-8 name escaped, see
    ``problems.printable``). Never raises: a link loop, a deleted working folder or a name that
    cannot be resolved is shown as given. A link is named as the user named it (its folder
    resolved, not the link itself): a broken ``companies.yaml`` link is reported as
    ``companies.yaml``, not as the missing file it points to. A file of the games shipped inside
    an installed cardgen is named by its path in a workspace, marked: ``[shipped] cards/briefcase/
    locale/el.po``, never by where pip put it."""
    path = Path(path)
    try:
        where = resolved(path.parent) / path.name
    except (ValueError, OSError, RuntimeError):
        where = path
    bundled = bundled_library()
    if bundled is not None:
        # A file inside the installed package: "error in /…/site-packages/cardgen/_bundled/cards/
        # briefcase/locale/el.po" named a file the user cannot edit (and pip overwrites). Named
        # as the workspace path that replaces it, marked as shipped (``problems.shipped_note``
        # says what that means and how to get a copy).
        try:
            return printable(SHIPPED_MARK + where.relative_to(bundled).as_posix())
        except ValueError:
            pass
    try:
        shown = str(where.relative_to(resolved(Path.cwd())))
    except (ValueError, OSError, RuntimeError):
        shown = str(path)
    return printable(shown)


def bundled_library() -> Path | None:
    """The shipped games' folder inside an installed cardgen; None in a source checkout, whose
    files are shown as any others (they are the games' own, to edit there)."""
    library = library_root()
    return resolved(library) if library.name == "_bundled" else None
