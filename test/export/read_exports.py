"""Reads every file the exporter wrote with Python's own parsers and prints what they hold as JSON.

An independent reader for test/export/formatsParse.test.ts: ast for settings.py and generated code,
PyYAML for YAML, tomllib for TOML, a dotenv-style line reader for .env.
usage: python3 read_exports.py DIR
"""
import ast
import json
import os
import re
import sys
import tomllib

import yaml

ENV_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$")


def literal(node):
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def read_python(text):
    tree = ast.parse(text)
    assigns, calls = {}, {}
    for stmt in tree.body:
        if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            continue
        target = stmt.targets[0]
        if not isinstance(target, ast.Name):
            continue
        if isinstance(stmt.value, ast.Call):
            calls[target.id] = {kw.arg: literal(kw.value) for kw in stmt.value.keywords if kw.arg}
        else:
            assigns[target.id] = literal(stmt.value)
    return {"assigns": assigns, "calls": calls}


def read_env(text):
    values = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = ENV_LINE.match(line)
        if not match:
            raise ValueError(f"line {number} is not KEY=value: {line!r}")
        raw = match.group(2)
        values[match.group(1)] = json.loads(raw) if raw.startswith('"') else raw
    return values


def main(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        with open(path, "rb") as handle:
            data = handle.read()
        text = data.decode("utf-8")
        if name.endswith(".py"):
            out[name] = read_python(text)
        elif name.endswith(".yaml"):
            out[name] = yaml.safe_load(text)
        elif name.endswith(".toml"):
            out[name] = tomllib.loads(text)
        elif name.endswith(".env"):
            out[name] = read_env(text)
    json.dump(out, sys.stdout)


main(sys.argv[1])
