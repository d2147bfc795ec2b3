"""The threads of a process and of all its descendants that are runnable now (state R in
/proc/PID/task/TID/stat), for bench/idlecores.py and bench/busytrace.py: a run wrapped in
`/usr/bin/time` or a shell is its children's threads, not its own."""
import os


def runnable_threads(root):
    """The thread ids of `root` and its descendants whose state is R; threads and processes that
    end while they are read are skipped."""
    runnable, pids, seen = [], [root], set()
    while pids:
        pid = pids.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            for t in os.listdir(f"/proc/{pid}/task"):
                try:
                    st = open(f"/proc/{pid}/task/{t}/stat").read()
                    if st[st.rindex(")") + 2] == "R":
                        runnable.append(int(t))
                    pids += [int(c) for c in open(f"/proc/{pid}/task/{t}/children").read().split()]
                except OSError:
                    pass
        except OSError:
            pass
    return runnable
