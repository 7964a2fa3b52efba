"""Shared data layer: safe YAML with positions, schemas, problems, project paths."""
