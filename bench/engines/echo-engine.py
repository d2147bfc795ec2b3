#!/usr/bin/python3
"""An external engine that reads nothing: it answers every request with the same text, at once. Run
by scanbench, it costs what the protocol costs — scanbench encoding each image as PNG and base64,
the pipes, and reading one line back — and nothing else. For bench/external.py.

It takes the id from the request's start (scanbench writes `{"id":N,` first) instead of parsing the
whole line, whose base64 image is most of it: the adapter's own JSON parsing is not what is measured.
"""
import json
import sys

print(json.dumps({"engine": "echo", "version": "1", "models": {}}), flush=True)
out = sys.stdout
for line in sys.stdin:
    request_id = line[6:line.index(",", 6)]
    out.write('{"id":' + request_id + ',"text":"echo","confidence":50}\n')
    out.flush()
