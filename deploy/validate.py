#!/usr/bin/env python3
"""Checks the deployment files without a cluster: every Kubernetes manifest parses (PyYAML) and has
the fields the sharded run depends on, the Slurm scripts parse (bash -n) and agree with each other,
and, given the built binary (--scanbench PATH), every scanbench option they use exists.

    python3 deploy/validate.py [--scanbench .build/release/scanbench]

Prints one line per problem and exits 1 if there is any; 0 and "deploy: ok" otherwise.
"""

import argparse
import pathlib
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    sys.exit("deploy/validate.py needs PyYAML: python3 -m pip install pyyaml (or apt-get install python3-yaml)")

DEPLOY = pathlib.Path(__file__).resolve().parent
SHARDS_JOB = "scanbench-shards"
MERGE_JOB = "scanbench-merge"


class Checker:
    def __init__(self):
        self.problems = []

    def fail(self, where, message):
        self.problems.append(f"{where}: {message}")

    def require(self, condition, where, message):
        if not condition:
            self.fail(where, message)
        return condition


def get(node, path, default=None):
    """node["a"]["b"][0]... for path "a.b.0"; default when any step is missing."""
    for part in path.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return default
    return node


def load_manifests(check):
    documents = []
    for path in sorted((DEPLOY / "kubernetes").glob("*.yaml")):
        name = path.relative_to(DEPLOY.parent)
        try:
            loaded = [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d is not None]
        except yaml.YAMLError as error:
            check.fail(name, f"not YAML: {error}")
            continue
        for index, document in enumerate(loaded):
            where = f"{name}#{index}"
            if not check.require(isinstance(document, dict), where, "not a mapping"):
                continue
            for field in ("apiVersion", "kind", "metadata.name"):
                check.require(get(document, field), where, f"missing {field}")
            documents.append((where, document))
    check.require(documents, "deploy/kubernetes", "no manifests")
    return documents


def container_script(container):
    """The command line a container runs, as one string (command + args)."""
    return " ".join(str(part) for part in (container.get("command") or []) + (container.get("args") or []))


def shell_syntax(check, where, script):
    result = subprocess.run(["sh", "-n", "-c", script], capture_output=True, text=True)
    check.require(result.returncode == 0, where, f"shell syntax: {result.stderr.strip()}")


def check_pod(check, where, job, claims, mounts_needed):
    spec = get(job, "spec.template.spec", {})
    check.require(spec.get("restartPolicy") in ("Never", "OnFailure"), where, "restartPolicy must be Never or OnFailure")
    containers = spec.get("containers") or []
    if not check.require(len(containers) == 1, where, "expected exactly one container"):
        return None
    container = containers[0]
    for field in ("name", "image"):
        check.require(container.get(field), where, f"container without {field}")
    check.require(get(container, "resources.requests.cpu"), where, "container without resources.requests.cpu")
    volumes = {v.get("name"): v for v in spec.get("volumes") or []}
    mounts = {m.get("mountPath"): m for m in container.get("volumeMounts") or []}
    for path, read_only in mounts_needed.items():
        mount = mounts.get(path)
        if not check.require(mount, where, f"nothing mounted at {path}"):
            continue
        if read_only:
            check.require(mount.get("readOnly") is True, where, f"{path} should be mounted readOnly")
        volume = volumes.get(mount.get("name"))
        if not check.require(volume, where, f"{path}: no volume named {mount.get('name')!r}"):
            continue
        claim = get(volume, "persistentVolumeClaim.claimName")
        if check.require(claim, where, f"{path}: volume {mount.get('name')!r} is not a PersistentVolumeClaim"):
            check.require(claim in claims, where, f"{path}: claim {claim!r} is not defined in deploy/kubernetes")
    script = container_script(container)
    if container.get("command", [None])[0] in ("/bin/sh", "sh", "/bin/bash", "bash"):
        shell_syntax(check, where, " ".join(str(a) for a in container.get("args") or []))
    return container, script


def check_kubernetes(check):
    documents = load_manifests(check)
    jobs = {get(d, "metadata.name"): (w, d) for w, d in documents if d.get("kind") == "Job"}
    claims = {}
    for where, document in documents:
        if document.get("kind") == "PersistentVolumeClaim":
            name = get(document, "metadata.name")
            claims[name] = document
            check.require(get(document, "spec.accessModes"), where, "PVC without spec.accessModes")
            check.require(get(document, "spec.resources.requests.storage"), where, "PVC without a storage request")
    for name, mode in (("scanbench-input", "ReadOnlyMany"), ("scanbench-output", "ReadWriteMany")):
        if check.require(name in claims, "deploy/kubernetes", f"no PersistentVolumeClaim {name}"):
            modes = get(claims[name], "spec.accessModes", [])
            check.require(
                mode in modes or "ReadWriteMany" in modes, name, f"every shard mounts it at once: needs {mode}")

    # The shard job: an Indexed Job whose completions is the shard count.
    if check.require(SHARDS_JOB in jobs, "deploy/kubernetes", f"no Job {SHARDS_JOB}"):
        where, job = jobs[SHARDS_JOB]
        spec = job.get("spec", {})
        check.require(job.get("apiVersion") == "batch/v1", where, "a Job is batch/v1")
        check.require(spec.get("completionMode") == "Indexed", where, "completionMode must be Indexed")
        completions = spec.get("completions")
        parallelism = spec.get("parallelism")
        if check.require(isinstance(completions, int) and completions >= 1, where, "completions: a count ≥ 1"):
            check.require(
                isinstance(parallelism, int) and 1 <= parallelism <= completions,
                where, "parallelism: a count in 1...completions")
        per_index = spec.get("backoffLimitPerIndex")
        check.require(isinstance(per_index, int) and per_index >= 0, where, "backoffLimitPerIndex: a count ≥ 0")
        check.require(
            get(spec, "template.spec.restartPolicy") == "Never", where,
            "backoffLimitPerIndex and podFailurePolicy need restartPolicy: Never")
        for rule in get(spec, "podFailurePolicy.rules", []):
            check.require(
                rule.get("action") in ("FailJob", "FailIndex", "Ignore", "Count"), where,
                f"podFailurePolicy action {rule.get('action')!r} is unknown")
        pod = check_pod(check, where, job, claims, {"/data/in": True, "/data/out": False})
        if pod:
            container, script = pod
            env = {e.get("name"): e for e in container.get("env") or []}
            declared = get(env.get("COMPLETIONS", {}), "value")
            check.require(
                declared == str(completions), where,
                f"env COMPLETIONS is {declared!r} but completions is {completions}: every pod must use the same N")
            for needed in (
                "scanbench run /data/in/archive.tar.gz", "--shards $(COMPLETIONS)",
                "--out /data/out/results.jsonl", "--resume",
            ):
                check.require(needed in script, where, f"the command lacks {needed!r}")
            for variable in re.findall(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", script):
                check.require(variable in env, where, f"$({variable}) is used but not set in env")

    # The merge job: every shard store into one.
    if check.require(MERGE_JOB in jobs, "deploy/kubernetes", f"no Job {MERGE_JOB}"):
        where, job = jobs[MERGE_JOB]
        pod = check_pod(check, where, job, claims, {"/data/out": False})
        if pod:
            container, script = pod
            needed = "scanbench merge /data/out/results.shard-*.jsonl --out /data/out/results.jsonl"
            check.require(needed in script, where, f"the command lacks {needed!r}")
            check.require(
                (container.get("command") or [""])[0] in ("/bin/sh", "sh", "/bin/bash", "bash"), where,
                "the store glob needs a shell (command: [/bin/sh, -c])")
    return [container_script(c) for _, d in documents for c in get(d, "spec.template.spec.containers", [])]


def sbatch_options(text):
    options = {}
    for line in text.splitlines():
        match = re.match(r"#SBATCH\s+--([a-z-]+)(?:[= ](\S+))?", line)
        if match:
            options[match.group(1)] = match.group(2)
    return options


def check_slurm(check):
    folder = DEPLOY / "slurm"
    scripts = {}
    for name in ("scanbench-array.sbatch", "scanbench-merge.sbatch", "submit.sh"):
        path = folder / name
        where = path.relative_to(DEPLOY.parent)
        if not check.require(path.exists(), where, "missing"):
            continue
        text = path.read_text(encoding="utf-8")
        scripts[name] = text
        check.require(text.startswith("#!/bin/bash"), where, "should start with #!/bin/bash")
        result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
        check.require(result.returncode == 0, where, f"bash syntax: {result.stderr.strip()}")

    # The shard count N is SHARDS, default ${SHARDS:-N} in all three scripts: submit.sh passes
    # --array=0-$((SHARDS - 1)) (the #SBATCH --array=0-(N-1) applies to a plain sbatch), and the
    # merge reads the stores -of-$(printf %04d "$SHARDS").
    defaults = {}
    for name, text in scripts.items():
        found = re.findall(r"^(?:export )?SHARDS=\$\{SHARDS:-(\d+)\}", text, re.MULTILINE)
        if check.require(len(found) == 1, f"deploy/slurm/{name}", "SHARDS=${SHARDS:-N} is missing"):
            defaults[name] = int(found[0])
    check.require(
        len(set(defaults.values())) <= 1, "deploy/slurm",
        "the scripts' default SHARDS differ: " + ", ".join(f"{k} {v}" for k, v in sorted(defaults.items())))
    array = scripts.get("scanbench-array.sbatch")
    if array is not None:
        where = "deploy/slurm/scanbench-array.sbatch"
        options = sbatch_options(array)
        match = re.fullmatch(r"(\d+)-(\d+)", options.get("array") or "")
        if check.require(match, where, "#SBATCH --array=FIRST-LAST is missing"):
            first, last = int(match.group(1)), int(match.group(2))
            check.require(first == 0, where, "the array must start at 0: task ids are shard numbers")
            if "scanbench-array.sbatch" in defaults:
                shards = defaults["scanbench-array.sbatch"]
                check.require(
                    shards == last - first + 1, where, f"SHARDS defaults to {shards} but --array has {last - first + 1} tasks")
        check.require(options.get("cpus-per-task"), where, "#SBATCH --cpus-per-task is missing")
        check.require("requeue" in options, where, "#SBATCH --requeue is missing")
        for needed in ("scanbench run", "--resume", '--shard "$SLURM_ARRAY_TASK_ID/$SHARDS"', "$SLURM_CPUS_PER_TASK"):
            check.require(needed in array, where, f"lacks {needed!r}")
    merge = scripts.get("scanbench-merge.sbatch")
    if merge is not None:
        where = "deploy/slurm/scanbench-merge.sbatch"
        check.require("scanbench merge" in merge and "--out" in merge, where, "lacks 'scanbench merge … --out'")
        check.require(
            '.shard-*-of-"$(printf %04d "$SHARDS")".jsonl' in merge, where,
            "the merge should read the stores of SHARDS shards (.shard-*-of-\"$(printf %04d \"$SHARDS\")\".jsonl)")
    submit = scripts.get("submit.sh")
    if submit is not None:
        where = "deploy/slurm/submit.sh"
        check.require("--dependency=afterok:" in submit, where, "the merge must depend on the array (afterok)")
        check.require("--array=0-$((SHARDS - 1))" in submit, where, "the array must have SHARDS tasks")
        check.require('--cpus-per-task="$CPUS"' in submit, where, "the tasks' CPUs must be CPUS")
    return list(scripts.values())


def check_options(check, binary, texts):
    """Every --option after `scanbench run` or `scanbench merge` is in that command's --help."""
    helps = {}
    for command in ("run", "merge"):
        result = subprocess.run([binary, command, "--help"], capture_output=True, text=True)
        if not check.require(result.returncode == 0, binary, f"'{command} --help' failed: {result.stderr.strip()}"):
            return
        helps[command] = set(re.findall(r"^\s+(--[a-z-]+)", result.stdout, re.MULTILINE))
    for text in texts:
        joined = text.replace("\\\n", " ")
        for match in re.finditer(r"scanbench (run|merge)\b([^\n&;|]*)", joined):
            for option in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", match.group(2)):
                check.require(
                    option in helps[match.group(1)], "deploy",
                    f"'scanbench {match.group(1)} {option}' is not an option of this scanbench")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scanbench", help="a built scanbench, to check the options the files use")
    arguments = parser.parse_args()
    check = Checker()
    texts = check_kubernetes(check) + check_slurm(check)
    texts.append((DEPLOY / "README.md").read_text(encoding="utf-8") if (DEPLOY / "README.md").exists() else "")
    if arguments.scanbench:
        check_options(check, arguments.scanbench, texts)
    for problem in check.problems:
        print(problem)
    if check.problems:
        return 1
    print("deploy: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
