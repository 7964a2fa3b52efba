"""Shared data layer: safe YAML with positions, the games' documents and their schemas, the
meaning-check machinery and the effect vocabulary. (Problems and paths are ``cardgen.problems``
and ``cardgen.paths``.)"""
