"""Shared simulation framework: run many games of any game across processes, summarise."""
