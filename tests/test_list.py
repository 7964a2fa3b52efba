"""`cardgen list`: what a game holds (companies, sets, bots, languages, cards, effects), read from
the workspace's data over the shipped games, as aligned text or JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.main import get_command
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.data.effects import effect_table, effects_markdown
from tests.conftest import REPO

runner = CliRunner()
WHATS = ["companies", "sets", "bots", "languages", "cards", "effects"]


@pytest.fixture(autouse=True)
def fresh(no_workspace_named, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(REPO)   # the source checkout: the shipped games, with no workspace of one's own


def invoke(*args: str):
    return runner.invoke(app, list(args))


def listed(*args: str) -> list[dict[str, Any]]:
    """The JSON a listing prints (stdout only: the workspace line goes to stderr)."""
    result = invoke(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout_bytes.decode("utf-8"))
    assert isinstance(data, list) and all(isinstance(d, dict) for d in data)
    return data


def row(text: str, first: str) -> list[str]:
    """The cells of the text row whose first cell is ``first``."""
    for line in text.splitlines():
        cells = line.split()
        if cells and cells[0] == first:
            return cells
    raise AssertionError(f"no row {first!r} in:\n{text}")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """An overlay workspace holding one company set of its own, with one new company."""
    ws = tmp_path / "ws"
    (ws / "cards" / "briefcase").mkdir(parents=True)
    (ws / "cardgen.toml").write_text("", encoding="utf-8")
    shutil.copy(REPO / "cards" / "briefcase" / "examples" / "custom-set.yaml",
                ws / "cards" / "briefcase" / "my-set.yaml")
    return ws


# --- the overview ------------------------------------------------------------------------------

def test_without_what_an_overview_names_every_listing_with_its_count():
    result = invoke("list")
    assert result.exit_code == 0, result.output
    for what in WHATS:
        assert what in result.stdout
    assert row(result.stdout, "effects")[1] == str(len(effect_table()))
    data = {d["what"]: d["count"] for d in listed("list")}
    assert data["sets"] == 5 and data["bots"] == 3 and data["effects"] == 16
    assert data["companies"] == len(listed("list", "companies"))


def test_the_overview_of_startup_leaves_out_what_it_does_not_have():
    data = {d["what"]: d["count"] for d in listed("list", "startup")}
    assert set(data) == {"bots", "languages", "cards", "effects"}


# --- companies ----------------------------------------------------------------------------------

def shipped_company(cid: str) -> dict[str, Any]:
    """A shipped company as its file has it: the listing must show the data, whatever it is."""
    text = (REPO / "cards" / "briefcase" / "companies.yaml").read_text(encoding="utf-8")
    return next(c for c in yaml.safe_load(text)["companies"] if c["id"] == cid)


def test_companies_show_level_cost_vp_effect_and_origin():
    result = invoke("list", "companies")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["id", "name", "level", "cost", "VP", "effect", "origin", "set", "file"]
    steel = next(line for line in lines if line.startswith("steel_factory "))
    assert "Steel Factory" in steel and "resource_as" in steel and "shipped" in steel
    data = shipped_company("steel_factory")
    assert steel.split()[3:6] == [str(data[k]) for k in ("level", "cost", "vp")]
    assert "cards/briefcase/companies.yaml" in steel
    # Power Plant is never bought: no cost, shown as '-'
    assert row(result.stdout, "power_plant")[3:6] == ["1", "-", "1"]
    # aligned columns: every row's effect starts under the header's
    at = lines[0].index("effect")
    assert steel.index("resource_as") == at
    assert row(result.stdout, "brokerage_firm")[6] == "deactivate_opponent_company"
    assert all(line[at - 2:at] == "  " and line[at] != " " for line in lines[1:])


def test_companies_as_json():
    data = {c["id"]: c for c in listed("list", "briefcase", "companies")}
    steel = shipped_company("steel_factory")
    assert data["steel_factory"] == {"id": "steel_factory", "name": "Steel Factory", "level": 1,
                                     "cost": steel["cost"], "vp": steel["vp"], "effect": "resource_as",
                                     "origin": "shipped", "set": None,
                                     "file": "cards/briefcase/companies.yaml"}
    assert data["power_plant"]["cost"] is None
    assert len(data) == 30


def test_a_workspace_sets_new_company_is_listed_from_the_workspace(workspace: Path):
    result = invoke("--workspace", str(workspace), "list", "companies")
    assert result.exit_code == 0, result.output
    cells = row(result.stdout, "startup_incubator")
    assert "workspace" in cells and "cards/briefcase/my-set.yaml" in cells
    assert " ".join(cells).find("Tech Boom") > 0
    data = {c["id"]: c for c in listed("--workspace", str(workspace), "list", "companies")}
    assert data["startup_incubator"]["origin"] == "workspace"
    assert data["startup_incubator"]["set"] == "Tech Boom"
    assert data["startup_incubator"]["file"] == "cards/briefcase/my-set.yaml"
    assert data["steel_factory"]["origin"] == "shipped"


def test_a_company_a_changes_file_retunes_names_that_file_and_what_it_changes(workspace: Path):
    (workspace / "cards" / "briefcase" / "changes.yaml").write_text(
        "game: briefcase\nkind: company-changes\nwhy: a test\n"
        "changes:\n  - company: Newspaper\n    cost: 2\n", encoding="utf-8")
    data = {c["id"]: c for c in listed("--workspace", str(workspace), "list", "companies")}
    assert data["newspaper"]["cost"] == 2 and data["newspaper"]["origin"] == "workspace"
    assert data["newspaper"]["file"] == "cards/briefcase/changes.yaml (cost); cards/briefcase/companies.yaml"
    assert data["steel_factory"]["origin"] == "shipped"


def test_startup_has_no_companies_and_says_where_to_look():
    result = invoke("list", "startup", "companies")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "error: startup has no companies; its cards and their counts: cardgen list startup cards"]


# --- sets ---------------------------------------------------------------------------------------

def test_sets_list_the_official_sets():
    result = invoke("list", "sets")
    assert result.exit_code == 0, result.output
    for name in ("Simple Game", "Faster Game", "Complex Game", "Light Interaction Game",
                 "Heavy Interaction Game"):
        assert name in result.stdout
    assert row(result.stdout, "simple")[-3:] == ["0", "shipped", "cards/briefcase/sets.yaml"]
    data = listed("list", "sets")
    assert [s["id"] for s in data] == ["simple", "faster", "complex", "light_interaction",
                                       "heavy_interaction"]
    assert all(s["type"] == "official" and s["companies"] == 14 for s in data)


def test_sets_include_the_workspaces_own_with_their_file(workspace: Path):
    data = {s["id"]: s for s in listed("--workspace", str(workspace), "list", "sets")}
    assert data["tech_boom"] == {"id": "tech_boom", "name": "Tech Boom", "type": "own", "companies": 14,
                                 "new_companies": 1, "origin": "workspace",
                                 "file": "cards/briefcase/my-set.yaml"}
    assert data["simple"]["origin"] == "shipped"


def test_startup_has_no_sets():
    result = invoke("list", "startup", "sets")
    assert result.exit_code == 2 and "startup has no company sets" in result.stderr


def test_fmnyc_sets_say_what_its_set_option_takes():
    # Its --set takes a file of Career cards; the message said only "played whole".
    result = invoke("list", "fmnyc", "sets")
    assert result.exit_code == 2 and "--set takes a file of Career cards" in result.stderr


# --- bots ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["briefcase", "startup"])
def test_bots_mark_the_one_simulate_seats_by_default(game: str):
    from cardgen.commands.simulate import plan_run
    from cardgen.games import game_simulator

    data = listed("list", game, "bots")
    assert [b["name"] for b in data] == list(game_simulator(game).bots)
    (default,) = [b["name"] for b in data if b["default"]]
    plan = plan_run(game, 3, 1, 1, None, None, False, {})
    assert plan.spec.bots == [default] * 3
    text = invoke("list", game, "bots").stdout
    assert row(text, default) == [default, "yes"]


def test_briefcase_bots_in_text():
    text = invoke("list", "bots").stdout
    assert row(text, "greedy") == ["greedy", "yes"] and row(text, "expert") == ["expert"]


# --- languages ----------------------------------------------------------------------------------

def test_languages_show_the_source_and_each_catalog_with_its_progress():
    from cardgen.i18n import catalog as cat

    result = invoke("list", "languages")
    assert result.exit_code == 0, result.output
    assert row(result.stdout, "en")[:3] == ["en", "English", "source"]
    greek = row(result.stdout, "el")
    assert greek[1] == "Greek" and greek[-2:] == ["shipped", "cards/briefcase/locale/el.po"]
    data = {d["language"]: d for d in listed("list", "languages")}
    assert data["en"]["source"] is True
    expected = cat.stats(cat.read_catalog(cat.po_path("briefcase", "el")), "el").percent
    assert data["el"]["translated_percent"] == round(expected, 1)
    assert f"{expected:.1f}%" in greek
    assert set(data) == {"en", *cat.available_languages("briefcase")}


def test_a_workspace_catalog_is_listed_from_the_workspace(workspace: Path):
    locale = workspace / "cards" / "briefcase" / "locale"
    locale.mkdir()
    shutil.copy(REPO / "cards" / "briefcase" / "locale" / "el.po", locale / "el.po")
    data = {d["language"]: d for d in listed("--workspace", str(workspace), "list", "languages")}
    assert data["el"]["origin"] == "workspace" and data["zh-Hant"]["origin"] == "shipped"


def test_a_broken_catalog_is_listed_as_unreadable_without_hiding_the_others(workspace: Path):
    locale = workspace / "cards" / "briefcase" / "locale"
    locale.mkdir()
    (locale / "de.po").write_text('msgid "x"\nthis is no gettext\n', encoding="utf-8")
    result = invoke("--workspace", str(workspace), "list", "languages")
    assert result.exit_code == 0, result.output
    assert "unreadable" in " ".join(row(result.stdout, "de")) and row(result.stdout, "el")


def test_a_workspaces_own_texts_count_as_untranslated_as_i18n_stats_counts_them(workspace: Path):
    # The new set's name and company are texts the shipped catalogs lack: list and stats agree.
    data = {d["language"]: d for d in listed("--workspace", str(workspace), "list", "languages")}
    assert data["el"]["translated_percent"] < 100
    stats = invoke("--workspace", str(workspace), "i18n", "stats", "briefcase")
    assert f"{data['el']['translated_percent']:.1f}%" in row(stats.stdout.replace("briefcase: ", ""), "el")


def test_startup_lists_its_source_and_its_shipped_languages():
    assert [d["language"] for d in listed("list", "startup", "languages")] == ["en", "el", "zh-Hant"]


# --- cards --------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["briefcase", "startup"])
def test_cards_are_the_printable_ids_with_their_counts(game: str):
    from cardgen.render.pipeline import card_module

    module = card_module(game)
    specs = module.card_list(module.select())
    data = listed("list", game, "cards")
    assert [(c["id"], c["count"]) for c in data] == [(s.id, s.count) for s in specs]


def test_cards_in_text():
    text = invoke("list", "cards").stdout
    assert row(text, "steel_factory")[:3] == ["steel_factory", "4", "company"]
    assert row(text, "buy")[:2] == ["buy", "48"]


def test_career_cards_are_listed_with_their_titles():
    data = {c["id"]: c for c in listed("list", "fmnyc", "cards")}
    assert data["career.heir"]["name"] == "Heir"
    assert all(c["name"] for c in data.values() if c["deck"] == "career")


# --- effects ------------------------------------------------------------------------------------

def test_effects_come_from_the_schema_with_types_and_required_parameters():
    companies = json.loads((REPO / "schemas" / "briefcase" / "companies.schema.json").read_text())
    kinds = companies["$defs"]["ability"]["properties"]["effect"]["enum"]
    data = {e["effect"]: e for e in listed("list", "effects")}
    assert list(data) == kinds
    resource_as = {p["name"]: p for p in data["resource_as"]["parameters"]}
    assert resource_as["as"]["required"] and resource_as["from"]["required"]
    assert resource_as["from"]["values"] == ["any", "any_except_energy", "basic"]
    assert not resource_as["per_turn"]["required"] and resource_as["per_turn"]["type"] == "integer 1-9"
    assert data["resource_as"]["example"] == "Steel Factory"
    remove = {p["name"]: p for p in data["remove_from_hand"]["parameters"]}
    assert remove["per_activation"] == {"name": "per_activation", "required": True, "type": "true",
                                        "values": [True]}
    assert remove["count"]["type"] == "integer 1-4"
    # per_activation that can only be false is not a parameter worth listing
    assert "per_activation" not in resource_as
    assert data["none"]["parameters"] == []


def test_effects_in_text_show_one_line_per_parameter():
    text = invoke("list", "effects").stdout
    assert row(text, "resource_as")[:5] == ["resource_as", "Steel", "Factory", "as", "yes"]
    assert row(text, "per_turn")[:2] == ["per_turn", "no"]      # a continuation line of resource_as
    assert row(text, "remove_from_hand") == ["remove_from_hand", "Oil", "Refinery", "count", "yes", "integer",
                                             "1-4"]
    assert row(text, "per_activation") == ["per_activation", "yes", "true"]   # remove_from_hand's


def test_effects_read_the_workspaces_schema(workspace: Path):
    schemas = workspace / "schemas" / "briefcase"
    shutil.copytree(REPO / "schemas" / "briefcase", schemas)
    path = schemas / "companies.schema.json"
    data = json.loads(path.read_text())
    data["$defs"]["ability"]["properties"]["effect"]["enum"].append("swap_hands")
    data["$defs"]["ability"]["allOf"].append({
        "if": {"properties": {"effect": {"const": "swap_hands"}}, "required": ["effect"]},
        "then": {"required": ["with"], "properties": {"with": {"enum": ["left", "right"]}}}})
    path.write_text(json.dumps(data))
    listed_effects = {e["effect"]: e for e in listed("--workspace", str(workspace), "list", "effects")}
    assert listed_effects["swap_hands"] == {
        "effect": "swap_hands", "example": None,
        "parameters": [{"name": "with", "required": True, "type": "one of left, right",
                        "values": ["left", "right"]}]}


def test_fmnyc_effects_come_from_its_stages_schema_with_examples_from_every_kind_of_card():
    # One vocabulary for the stages, the factories' bonuses and the Career cards: each kind's
    # example is the first stage, factory or Career card using it, nested options included.
    schema = json.loads((REPO / "schemas" / "fmnyc" / "stages.schema.json").read_text(encoding="utf-8"))
    data = {e["effect"]: e for e in listed("list", "fmnyc", "effects")}
    assert list(data) == schema["$defs"]["effect"]["properties"]["kind"]["enum"]
    assert data["exchange_crate"]["example"] == "Air Freight"          # inside a choose's options
    assert data["score_bonus"]["example"] == "Antiques Collector"      # a Career card's title
    options = {p["name"]: p for p in data["choose"]["parameters"]}["options"]
    assert "effects (list of effect)" in options["type"]              # the vocabulary within itself
    # The modifiers every effect takes are said once, not listed as each kind's parameters.
    assert all(p["name"] not in ("players", "ruling") for e in data.values() for p in e["parameters"])
    overview = {d["what"]: d["description"] for d in listed("list", "fmnyc")}
    assert "every effect also takes players, from_round, optional, ruling, note" in overview["effects"]


def test_startup_effects_come_from_its_deck_schema():
    data = {e["effect"]: e for e in listed("list", "startup", "effects")}
    assert "take_banked" in data and data["take_banked"]["example"]
    target = {p["name"]: p for p in data["take_banked"]["parameters"]}["target"]
    assert target["required"] and target["values"] == ["other", "ally"]


def readme_effect_table() -> str:
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("### Abilities are effects")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    return "\n".join(table) + "\n"


def test_the_readme_effect_table_is_the_generated_one():
    # Regenerate with: python -c "from cardgen.data.effects import effects_markdown as m; print(m())"
    assert readme_effect_table() == effects_markdown()
    assert "`per_activation`: `true`" in effects_markdown()


# --- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["compnies"], "error: unknown game or listing 'compnies' (did you mean 'companies'?)"),
    (["brefcase", "sets"], "error: unknown game 'brefcase' (did you mean 'briefcase'?)"),
    (["briefcase", "bot"], "error: unknown listing 'bot' (did you mean 'bots'?)"),
    (["startup", "nothing"], "error: unknown listing 'nothing'; listings: companies, sets"),
    (["cards", "startup"], "error: 'cards' is not a game"),
])
def test_unknown_game_or_listing_is_one_line_with_a_suggestion_and_exit_2(args: list[str], message: str):
    result = invoke("list", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message)


@pytest.mark.parametrize("name", ["simple", "Simple Game"])
def test_a_set_given_as_the_game_says_where_the_sets_are_listed(name: str):
    # 'cardgen list simple' was only "unknown game or listing", where simulate and build say what
    # 'simple' is.
    result = invoke("list", name)
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(f"; '{name}' is a Briefcase company set: cardgen list briefcase "
                                          "sets lists them")


def test_an_unknown_format_is_a_usage_error():
    assert invoke("list", "bots", "--format", "xml").exit_code == 2


def test_names_with_reordering_characters_are_refused_and_never_printed_raw(workspace: Path):
    # A bidirectional override would change nothing on a card (text is laid out left to
    # right) and would reorder the terminal's line: refused, and the message shows it escaped.
    path = workspace / "cards" / "briefcase" / "my-set.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("name: Startup Incubator", 'name: "Startup \\u202eIncubator"')
    text = text.replace("Shopping Mall, Startup Incubator,", "Shopping Mall, startup_incubator,")
    path.write_text(text, encoding="utf-8")
    result = invoke("--workspace", str(workspace), "list", "companies")
    assert result.exit_code == 1 and "error[text-control]" in result.output
    assert "\u202e" not in result.output


def test_names_with_terminal_escapes_are_refused_and_never_printed_raw(workspace: Path):
    path = workspace / "cards" / "briefcase" / "my-set.yaml"
    text = path.read_text(encoding="utf-8").replace("name: Tech Boom", 'name: "Tech\\e]0;owned\\aBoom"')
    path.write_text(text, encoding="utf-8")
    result = invoke("--workspace", str(workspace), "list", "companies")
    assert result.exit_code == 1 and "error[text-control]" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output


def test_data_with_problems_is_reported_with_exit_1(workspace: Path):
    path = workspace / "cards" / "briefcase" / "my-set.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Steel Factory,", "Steel Fctory,"),
                    encoding="utf-8")
    result = invoke("--workspace", str(workspace), "list", "companies")
    assert result.exit_code == 1
    assert "my-set.yaml" in result.stderr and "Steel Fctory" in result.stderr
    # the overview still shows what does not need the broken data, and fails all the same
    overview = invoke("--workspace", str(workspace), "list")
    assert overview.exit_code == 1 and row(overview.stdout, "bots")[1] == "3"
    assert overview.stderr.strip().splitlines()[-1].startswith("error: the game data has problems")


def test_the_list_command_and_every_option_have_help():
    listing = get_command(app).commands["list"]       # type: ignore[attr-defined]
    assert listing.help
    assert all(getattr(p, "help", None) for p in listing.params)
    text = invoke("list", "--help").stdout
    assert "--format" in text and "companies" in text
