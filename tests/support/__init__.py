"""Test doubles and harnesses shared by the tests and the benchmarks; never shipped."""
