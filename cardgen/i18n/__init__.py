"""Translations of card text through gettext PO catalogs."""
