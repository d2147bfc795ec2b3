#!/usr/bin/env python3
"""Turns a CI example of examples/ci into the shell script its runner would run, so that a test runs
exactly the commands the YAML holds. Usage: ci_script.py github|gitlab FILE script|reports [STEP]

script:  a bash script that runs the job's commands as the CI would. GitHub Actions: each `run:` step
         in its own `bash -e`, in order, with the workflow's and the job's `env:`; after a failure only
         the steps with `if: always()` run; `uses:` steps are the CI's own and are skipped. GitLab CI:
         `script` in one `bash -e` and `after_script` in another, always, with `variables:`. The
         script exits with the first failure's status. With STEP (a GitHub step's name, or
         `after_script`), the steps from that one on: the rest of a job run again in its folder.
reports: the files the CI publishes as its test report (JUnit), one a line.
"""
import shlex
import sys

import yaml


def github(document):
    env = dict(document.get("env") or {})
    (job,) = document["jobs"].values()
    env.update(job.get("env") or {})
    steps = []
    reports = []
    for step in job["steps"]:
        if "run" in step:
            steps.append((step.get("name", step["run"][:40]), "always()" in str(step.get("if", "")), step["run"]))
        elif "junit" in str(step.get("uses", "")):
            reports += str(step["with"]["report_paths"]).split()
    return env, steps, reports


def gitlab(document):
    (job,) = [value for value in document.values() if isinstance(value, dict) and "script" in value]
    env = dict(job.get("variables") or {})
    steps = [("script", False, "\n".join(job["script"]))]
    if job.get("after_script"):
        steps.append(("after_script", True, "\n".join(job["after_script"])))
    reports = job.get("artifacts", {}).get("reports", {}).get("junit", [])
    return env, steps, [reports] if isinstance(reports, str) else reports


def main():
    kind, path, what = sys.argv[1:4]
    start = sys.argv[4] if len(sys.argv) > 4 else None
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    env, steps, reports = (github if kind == "github" else gitlab)(document)
    if what == "reports":
        print("\n".join(reports))
        return
    if start is not None:
        names = [name for name, _, _ in steps]
        if start not in names:
            sys.exit(f"ci_script.py: no step {start!r} in {path} ({', '.join(names)})")
        steps = steps[names.index(start):]
    lines = ["#!/usr/bin/env bash", "status=0"]
    lines += [f"export {name}={shlex.quote(str(value))}" for name, value in env.items()]
    for name, always, command in steps:
        guard = "true" if always else '[ "$status" -eq 0 ]'
        lines.append(f"if {guard}; then")
        lines.append(f"  echo {shlex.quote('ci-step: ' + name)} >&2")
        lines.append(f"  bash -e -c {shlex.quote(command)} || {{ code=$?; [ \"$status\" -ne 0 ] || status=$code; }}")
        lines.append("fi")
    lines.append('exit "$status"')
    print("\n".join(lines))


main()
