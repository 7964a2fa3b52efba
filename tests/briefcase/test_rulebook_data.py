"""The data against what the English rulebook prints (Contents, Company Card Descriptions,
Company Sets and the numbers its worked examples fix): the engine plays whatever the data says,
so a wrong level, light bulb or set would be a wrong rule."""

from __future__ import annotations

import pytest

from .helpers import game_data

# Company Card Descriptions, as numbered: 1-15 "1st-Level companies (orange frame)", 16-30
# "2nd Level companies (red frame)".
FIRST_LEVEL = ("Power Plant", "Newspaper", "Steel Factory", "Accounting Firm", "Oil Refinery",
               "University", "Warehouses", "Paper Mill", "Contractor Firm", "Logistics Company",
               "Insurance Company", "Shipping Company", "Construction Company", "Shopping Mall",
               "Cargo Company")
SECOND_LEVEL = ("Theme Parks", "Real Estate Agency", "Bank", "Marketing Company", "Biology Lab",
                "High-Tech Company", "Consulting Firm", "Import Company", "Investment Company",
                "Law Firm", "Recycling Plant", "Media Company", "Venture Capital Firm",
                "Financial Services", "Brokerage Firm")
# "Special ability (per activation)": the companies the rulebook marks with the light bulb.
PER_ACTIVATION = {"Oil Refinery", "Shipping Company", "Law Firm", "Media Company", "Brokerage Firm"}


def _by_name():
    return {c.name: c for c in game_data().companies.values()}


def test_company_levels_are_the_rulebooks_two_lists():
    """"Company Card Descriptions - 1st-Level companies (orange frame)" and "- 2nd Level
    companies (red frame)": thirty companies, fifteen of each level."""
    companies = _by_name()
    assert set(companies) == set(FIRST_LEVEL) | set(SECOND_LEVEL)
    assert {n for n, c in companies.items() if c.level == 1} == set(FIRST_LEVEL)
    assert {n for n, c in companies.items() if c.level == 2} == set(SECOND_LEVEL)


def test_per_activation_abilities_are_the_ones_the_rulebook_marks():
    """"'Per Activation' abilities have a light bulb symbol": only the five companies whose
    description says "Special ability (per activation)"."""
    marked = {n for n, c in _by_name().items() if c.ability.per_activation}
    assert marked == PER_ACTIVATION


def test_contents_counts_of_decision_and_resource_cards():
    """Contents: "48 Buy, 30 Activate, 52 Obstacle, 18 Hire; 24 Personnel, 20 Steel, 20
    Concrete, 20 Paper, 20 Imported, 24 Energy" (ruling decision-card-counts: English)."""
    data = game_data()
    assert {k: v.count for k, v in data.decision_cards.items()} == {
        "buy": 48, "activate": 30, "obstacle": 52, "hire": 18}
    assert {k: v.count for k, v in data.resources.items()} == {
        "personnel": 24, "steel": 20, "concrete": 20, "paper": 20, "imported": 20, "energy": 24}


def test_the_numbers_the_worked_examples_fix():
    """Mike "discards the paper [as Steel] and the personnel and activates the Power Plant
    adding 2 Energy"; Nikos "plays his 3 Buy cards and buys a Recycling Plant"; Manos puts
    "1 Buy and 1 Obstacle card produced by the Plant" on his deck."""
    companies = _by_name()
    plant = companies["Power Plant"]
    assert dict(plant.activation) == {"steel": 1, "personnel": 1}
    assert dict(plant.production) == {"energy": 2}
    recycling = companies["Recycling Plant"]
    assert recycling.cost == 3
    assert dict(recycling.production) == {"buy": 1, "obstacle": 1}


@pytest.mark.parametrize("set_id,first_level,second_level", [
    ("simple", {"Steel Factory", "Construction Company", "Cargo Company", "Shopping Mall",
                "Logistics Company", "Warehouses", "Accounting Firm", "Insurance Company"},
     {"Theme Parks", "Marketing Company", "Bank", "High-Tech Company", "Financial Services",
      "Real Estate Agency"}),
    ("faster", {"Cargo Company", "Insurance Company", "Newspaper", "Shopping Mall", "Oil Refinery",
                "Paper Mill", "Contractor Firm", "University"},
     {"Bank", "Marketing Company", "Financial Services", "Consulting Firm", "Theme Parks",
      "Venture Capital Firm"}),
    ("complex", {"Contractor Firm", "Accounting Firm", "Logistics Company", "Warehouses",
                 "Shipping Company", "Newspaper", "Steel Factory", "Oil Refinery"},
     {"Bank", "Import Company", "Recycling Plant", "Biology Lab", "Investment Company",
      "High-Tech Company"}),
    ("light_interaction", {"University", "Newspaper", "Insurance Company", "Warehouses",
                           "Shopping Mall", "Construction Company", "Contractor Firm",
                           "Accounting Firm"},
     {"Import Company", "Consulting Firm", "Marketing Company", "Media Company",
      "Real Estate Agency", "Theme Parks"}),
    ("heavy_interaction", {"Contractor Firm", "Newspaper", "Cargo Company", "Paper Mill",
                           "Oil Refinery", "Shipping Company", "Accounting Firm",
                           "Construction Company"},
     {"Media Company", "Law Firm", "Brokerage Firm", "Marketing Company", "Bank",
      "Investment Company"}),
])
def test_company_sets_are_the_rulebooks_table(set_id, first_level, second_level):
    """Company Sets: each column of the table, "Construction Firm" being the Construction
    Company (ruling construction-firm); eight 1st-level and six 2nd-level companies each, as
    the portfolio needs."""
    data = game_data()
    names = {data.companies[cid].name for cid in data.sets[set_id].company_ids}
    assert names == first_level | second_level
    assert len(first_level) == 8 and len(second_level) == 6
