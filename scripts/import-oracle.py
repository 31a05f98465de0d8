#!/usr/bin/env python3
"""Prepares real-app oracles for `label-server import`: commits of public apps that
import translators' XLIFF with `xcodebuild -importLocalizations` and commit the XLIFF
together with (or just before) the tables Xcode wrote from it.

For each case it extracts from a local clone, into OUT/<case>/:
  xliff/   the XLIFF files that were imported (at the XLIFF commit),
  before/  the bundle folder's .strings/.stringsdict/.xcstrings before the import,
  after/   the same folder as Xcode wrote it,
  changed.txt  the tables the import commit added or changed (what Xcode wrote).
Nothing is fetched here and nothing is committed: clone the apps yourself, e.g.
  git clone https://github.com/damus-io/damus /tmp/damus
  git clone https://github.com/geteduroam/apple-app /tmp/geteduroam
  python3 scripts/import-oracle.py --repo damus=/tmp/damus --repo geteduroam=/tmp/geteduroam --out /tmp/import-oracle
then run the comparison (a test that skips unless IMPORT_ORACLE is set):
  IMPORT_ORACLE=/tmp/import-oracle swift test --filter ImportOracleTests
"""
import argparse
import os
import subprocess
import sys

# (case, repo, XLIFF commit, XLIFF paths (a prefix), import commit, bundle folder; "." for
# String Catalogs anywhere in the repository, kept at their paths)
CASES = [
    # A new language (ru) and updates (ar, de, el_GR, fr_FR, pl_PL), XLIFF and tables in one commit.
    ("damus-a328b0d1", "damus", "a328b0d1", "translations/", "a328b0d1", "damus"),
    # A new language (id) and updates of 13 others, one commit.
    ("damus-a41acc12", "damus", "a41acc12", "translations/", "a41acc12", "damus"),
    # pl_PL: the .xcloc was committed (2feaa207), then imported and deleted (3aac4e2f).
    ("damus-3aac4e2f", "damus", "2feaa207", "damus Localizations/pl_PL.xcloc/", "3aac4e2f", "damus"),
    # geteduroam: .xcloc folders beside 12 String Catalogs; the commit adds ar, bg, sl and uk
    # and updates six languages, catalogs and XLIFF together.
    ("geteduroam-c9eed94", "geteduroam", "c9eed94", "Localizations/", "c9eed94", "."),
    # The first import: eleven languages into catalogs that had none.
    ("geteduroam-846cebd", "geteduroam", "846cebd", "Localizations/", "846cebd", "."),
]


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True).stdout


def extract(repo, commit, paths, out):
    for path in paths:
        target = os.path.join(out, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(git(repo, "show", f"{commit}:{path}"))


def files(repo, commit, prefix, suffixes):
    names = git(repo, "ls-tree", "-r", "--name-only", commit, *(["--", prefix] if prefix else [])).decode().splitlines()
    return [name for name in names if name.endswith(suffixes)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", action="append", default=[], help="NAME=PATH of a local clone")
    parser.add_argument("--out", required=True)
    options = parser.parse_args()
    repos = dict(item.split("=", 1) for item in options.repo)
    for case, name, xliff_commit, xliff_prefix, import_commit, bundle in CASES:
        if name not in repos:
            print(f"skip {case}: no --repo {name}=PATH")
            continue
        repo, root = repos[name], os.path.join(options.out, case)
        development = ("en-US.xliff", "en.xliff", "outgd.xliff")
        xliffs = [p for p in files(repo, xliff_commit, xliff_prefix, (".xliff",)) if os.path.basename(p) not in development]
        # Only the XLIFF files the import commit touched (added, changed, or deleted after import).
        touched = set(git(repo, "show", "--name-only", "--format=", import_commit).decode().splitlines())
        xliffs = [p for p in xliffs if p in touched] or xliffs
        for path in xliffs:
            data = git(repo, "show", f"{xliff_commit}:{path}")
            os.makedirs(os.path.join(root, "xliff"), exist_ok=True)
            with open(os.path.join(root, "xliff", os.path.basename(path)), "wb") as handle:
                handle.write(data)
        tables = (".strings", ".stringsdict", ".xcstrings") if bundle != "." else (".xcstrings",)
        prefix = bundle + "/" if bundle != "." else ""
        for side, commit in (("before", f"{import_commit}^"), ("after", import_commit)):
            for path in files(repo, commit, prefix, tables):
                relative = os.path.relpath(path, bundle)
                if (bundle != "." and relative.count("/") > 1) or relative.startswith("Localizations/"):
                    continue
                target = os.path.join(root, side, relative)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as handle:
                    handle.write(git(repo, "show", f"{commit}:{path}"))
        # The tables Xcode wrote: those the import commit added or changed.
        changed = [os.path.relpath(p, bundle) for p in touched
                   if p.startswith(prefix) and p.endswith(tables) and not p.startswith("Localizations/")]
        with open(os.path.join(root, "changed.txt"), "w", encoding="utf-8") as handle:
            handle.write("".join(f"{path}\n" for path in sorted(changed)))
        print(f"{case}: {len(xliffs)} XLIFF files, {len(changed)} tables written by Xcode")
    return 0


if __name__ == "__main__":
    sys.exit(main())
