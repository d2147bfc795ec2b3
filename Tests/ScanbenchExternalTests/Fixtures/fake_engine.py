#!/usr/bin/env python3
"""A fake external engine for scanbench's tests: it speaks the JSON-lines protocol and misbehaves on
request, chosen by the image's name (docs/engines.md, "External engines").

  error    in the name: answers {"id", "error"}
  crash    exits with status 3 instead of answering
  hang     starts a child (`sleep`) and never answers
  garbage  writes a line that is not JSON
  wrongid  answers with another id
  stderr   writes a line to stderr, then answers
  orphan   starts `setsid sleep --sleep` (its own session, stdout closed), then answers
  holdout  starts `setsid sleep --sleep` holding its stdout open, then exits with status 3
otherwise: answers the text given for the name by --answers FILE (JSON: name -> text), else
"NAME WIDTHxHEIGHT LANG png=ok" with the size read from the PNG's own header; with boxes, one word
box per word and one line box.
"""
import argparse
import base64
import json
import os
import struct
import subprocess
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--name", default="fake")
parser.add_argument("--version", default="1.0")
parser.add_argument("--handshake", default="ok", choices=["ok", "none", "garbage", "silent"])
parser.add_argument("--starts", help="append this process's id to FILE at start")
parser.add_argument("--children", help="append the id of each child started by 'hang' to FILE")
parser.add_argument("--sleep", default="300", help="how long 'orphan' and 'holdout' children sleep")
parser.add_argument("--answers", help="JSON file: image name -> text")
arguments = parser.parse_args()

if arguments.starts:
    with open(arguments.starts, "a") as file:
        file.write(f"{os.getpid()}\n")
answers = {}
if arguments.answers:
    with open(arguments.answers) as file:
        answers = json.load(file)


def send(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


if arguments.handshake == "none":
    sys.exit(0)
if arguments.handshake == "garbage":
    print("Loading model… done", flush=True)
elif arguments.handshake == "silent":
    time.sleep(1000)
else:
    send({"engine": arguments.name, "version": arguments.version, "models": {"fake.model": "ab" * 32}})


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


for line in sys.stdin:
    request = json.loads(line)
    name = request["name"]
    if "error" in name:
        send({"id": request["id"], "error": f"cannot read {name}"})
        continue
    if "crash" in name:
        sys.exit(3)
    if "orphan" in name:
        subprocess.Popen(["setsid", "sleep", arguments.sleep], stdout=subprocess.DEVNULL)
    if "holdout" in name:
        subprocess.Popen(["setsid", "sleep", arguments.sleep])
        sys.exit(3)
    if "hang" in name:
        child = subprocess.Popen(["sleep", "1000"])
        if arguments.children:
            with open(arguments.children, "a") as file:
                file.write(f"{child.pid}\n")
        time.sleep(1000)
    if "garbage" in name:
        print("Traceback (most recent call last): not the protocol", flush=True)
        continue
    if "stderr" in name:
        print(f"note about {name}", file=sys.stderr, flush=True)
    size = png_size(base64.b64decode(request["image_png_base64"]))
    if name in answers:
        text = answers[name]
    else:
        ok = size == (request["width"], request["height"])
        text = f"{name} {request['width']}x{request['height']} {request['lang']} png={'ok' if ok else 'bad'}"
    response = {"id": request["id"] + (1 if "wrongid" in name else 0), "text": text, "confidence": 87.5}
    if request["boxes"]:
        words = []
        x = 0
        for word in text.split():
            words.append({"text": word, "conf": 90.25, "x": x, "y": 1, "w": 10 * len(word), "h": 20})
            x += 10 * len(word) + 5
        response["words"] = words
        response["lines"] = [{"text": text, "conf": 88, "x": 0, "y": 1, "w": max(x - 5, 0), "h": 20.4}]
    send(response)
