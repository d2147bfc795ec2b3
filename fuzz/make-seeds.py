#!/usr/bin/env python3
"""Writes the seed corpora under Tests/Fuzz/<target>/ (small inputs of each shape the target meets).

Run from the checkout: python3 fuzz/make-seeds.py. Needs bsdtar for the archive seeds.
"""
import io, json, os, subprocess, tarfile, tempfile, zipfile, zlib, struct

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fuzz")


def put(target, name, data):
    folder = os.path.join(root, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def png(width, height):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\xff" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# entry-name
names = {
    "plain": b"dir/page-001.png", "dot-slash": "./写真/ページ.gt.txt".encode(), "parent": b"../../etc/passwd.png",
    "absolute": b"/etc/shadow.txt", "nul": b"a\x00b.png", "invalid-utf8": b"scan\xff\xfe.jpg",
    "overlong-slash": b"a\xc0\xafb.png", "c1-control": "a\u0085b.png".encode(), "bidi": "gpj.\u202eexe.png".encode(),
    "backslash": b"a\\x41.png", "newline": b"a\nb.tif", "long": b"x" * 3000 + b".png", "macos-fork": b"__MACOSX/._a.png",
    "nested": b"inner/pages.tar.gz", "pdf": b"scan.PDF", "pair": b"a.png\xffb.png",
}
for name, data in names.items():
    put("entry-name", name, data)

# ground-truth
texts = {
    "utf8": "日本語 text\n".encode(), "utf8-bom": b"\xef\xbb\xbfabc\n", "utf16le": b"\xff\xfe" + "文字".encode("utf-16-le"),
    "utf16be": b"\xfe\xff" + "文字".encode("utf-16-be"), "utf16-odd": b"\xff\xfeab\x00c",
    "shift-jis": "日本語のテキスト".encode("shift_jis"), "latin1": "café".encode("latin-1"), "empty": b"",
    "truncated-utf8": "é".encode()[:1], "lone-surrogate-utf16": b"\xff\xfe\x00\xd8",
    "utf16le-no-bom": "Total 12.50\n".encode("utf-16-le"), "utf16be-no-bom": "Total 12.50\n".encode("utf-16-be"),
}
for name, data in texts.items():
    put("ground-truth", name, data)

# store
engine = {"models": {"eng": "ab" * 32}, "tesseract": "5.3.0"}
result = {"chars": 5, "engine": engine, "entry": "a.png", "kind": "result", "lang": "eng", "profile": "fast",
          "ms": {"decode": 1.5, "recognize": 20.25, "score": 0.1}, "run": "r1", "schema": 1, "sha256": "cd" * 32,
          "source": "in.tar", "text": "hello\nworld", "time": "2026-11-30T00:00:00.000Z", "cer": 0.25, "edits": 1,
          "gt_chars": 4, "metric": "cer"}
failure = dict(result, entry="b.png", error={"kind": "not-an-image", "message": "not an image"})
del failure["text"]
summary = {"cer_macro": 0.25, "cer_micro": 0.25, "edits": 1, "engine": engine, "failed": 1, "gt_chars": 4,
           "images": 2, "images_per_second": 3.5, "interrupted": False, "jobs": 2, "kind": "summary", "lang": "eng",
           "metric": "cer", "profile": "fast", "run": "r1", "schema": 1, "scored": 1, "skipped": 0,
           "sources": ["in.tar"], "succeeded": 1, "time": "2026-11-30T00:00:01.000Z", "wall_seconds": 0.5}
line = lambda record: json.dumps(record, sort_keys=True, ensure_ascii=False).encode() + b"\n"
put("store", "whole", line(result) + line(failure) + line(summary))
put("store", "torn", line(result) + line(failure)[:40])
put("store", "foreign", b"# not a store\n" + line(result))
put("store", "newer-schema", line(dict(result, schema=2)))
put("store", "wrong-type", line(dict(result, page="one")))
put("store", "no-newline", line(summary)[:-1])

# archive: one of each format libarchive reads here, each a few hundred bytes
with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, "in", "sub"))
    with open(os.path.join(tmp, "in", "a.png"), "wb") as f:
        f.write(png(4, 2))
    with open(os.path.join(tmp, "in", "a.gt.txt"), "wb") as f:
        f.write(b"ab\n")
    with open(os.path.join(tmp, "in", "sub", "b.txt"), "wb") as f:
        f.write("ü\n".encode())
    os.symlink("../../etc/passwd", os.path.join(tmp, "in", "link.png"))
    for name, flags in [("tar", ["-cf"]), ("tar.gz", ["-czf"]), ("tar.bz2", ["-cjf"]), ("tar.xz", ["-cJf"]),
                        ("tar.zst", ["--zstd", "-cf"]), ("zip", ["--format", "zip", "-cf"]),
                        ("7z", ["--format", "7zip", "-cf"]), ("cpio", ["--format", "cpio", "-cf"]),
                        ("pax", ["--format", "pax", "-cf"]), ("ar", ["--format", "ar", "-cf"]),
                        ("iso", ["--format", "iso9660", "-cf"]), ("xar", ["--format", "xar", "-cf"]),
                        ("zip-encrypted", ["--format", "zip", "--options", "zip:encryption=zipcrypt",
                                           "--passphrase", "secret", "-cf"])]:
        target = os.path.join(tmp, "out." + name)
        files = ["a.png", "a.gt.txt"] if name in ("ar",) else ["."]
        if subprocess.run(["bsdtar", *flags, target, "-C", os.path.join(tmp, "in"), *files],
                          capture_output=True).returncode == 0:
            with open(target, "rb") as f:
                data = f.read()
            if len(data) <= 65536:
                put("archive", name, data)
    # Python's tarfile for hostile names and kinds bsdtar will not make from a folder.
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path, kind in [("../../etc/passwd.png", tarfile.REGTYPE), ("/abs.png", tarfile.SYMTYPE),
                           ("fifo.png", tarfile.FIFOTYPE), ("dev.png", tarfile.CHRTYPE), ("hard.png", tarfile.LNKTYPE),
                           ("x" * 300 + ".png", tarfile.REGTYPE)]:
            info = tarfile.TarInfo(path)
            info.type = kind
            info.linkname = "a.png" if kind in (tarfile.SYMTYPE, tarfile.LNKTYPE) else ""
            body = png(2, 2) if kind == tarfile.REGTYPE else b""
            info.size = len(body)
            tar.addfile(info, io.BytesIO(body))
    put("archive", "hostile.tar", buffer.getvalue())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.png", png(3, 3))
        z.writestr("a.gt.txt", "abc")
        z.writestr("inner.zip", b"PK\x05\x06" + b"\x00" * 18)
    put("archive", "python.zip", buffer.getvalue())
    # Zip names in CP932 without the UTF-8 flag (Japanese Windows), a tar with hard links, and
    # compressed tars cut short: libarchive reads the cut ones through scanbench's own decoders.
    class RawName(zipfile.ZipInfo):
        def _encodeFilenameFlags(self):
            return self.filename.encode("cp932"), self.flag_bits
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(RawName("領収書/表紙.png"), png(2, 2))
        z.writestr(RawName("領収書/表紙.gt.txt"), "表紙")
    put("archive", "zip-cp932", buffer.getvalue())
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path, link in [("a.png", None), ("b.png", "a.png"), ("c.png", "missing.png"), ("d.gt.txt", "a.png")]:
            info = tarfile.TarInfo(path)
            body = png(2, 2) if link is None else b""
            if link is not None:
                info.type, info.linkname = tarfile.LNKTYPE, link
            info.size = len(body)
            tar.addfile(info, io.BytesIO(body))
    put("archive", "hardlinks.tar", buffer.getvalue())
    big = os.path.join(tmp, "big")
    os.makedirs(big)
    for i in range(8):
        with open(os.path.join(big, "p%d.png" % i), "wb") as f:
            f.write(os.urandom(3000))
    for name, flags in [("tar.gz", ["-czf"]), ("tar.xz", ["-cJf"]), ("tar.zst", ["--zstd", "-cf"]),
                        ("tar.lzma", ["--lzma", "-cf"]), ("tar.lz", ["--lzip", "-cf"])]:
        target = os.path.join(tmp, "cut." + name)
        if subprocess.run(["bsdtar", *flags, target, "-C", big, "."], capture_output=True).returncode == 0:
            with open(target, "rb") as f:
                data = f.read()
            put("archive", name + "-cut", data[: len(data) * 2 // 3])
    put("archive", "empty", b"")
    put("archive", "pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")

# photo-metadata: JPEG Exif orientation and capture date in both byte orders, a HEIF Exif item, XMP in
# APP1, HEIF boxes with transforms, a real HEIC when heif-enc (libheif-examples) is there.
def exif_jpeg(orientation, big_endian):
    e = ">" if big_endian else "<"
    tiff = (b"MM" if big_endian else b"II") + struct.pack(e + "HIH", 42, 8, 1)
    tiff += struct.pack(e + "HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(e + "I", 0)
    payload = b"Exif\x00\x00" + tiff
    return b"\xff\xd8\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + b"\xff\xd9"


def box(kind, body):
    return struct.pack(">I", len(body) + 8) + kind + body


def capture_date_tiff(big_endian):
    """IFD0 pointing to the Exif IFD, which holds DateTimeOriginal and OffsetTimeOriginal."""
    e = ">" if big_endian else "<"
    date, zone = b"2019:07:14 12:34:56\x00", b"+09:00\x00"
    exif_ifd = 8 + 2 + 12 + 4
    data = exif_ifd + 2 + 24 + 4
    tiff = (b"MM" if big_endian else b"II") + struct.pack(e + "HI", 42, 8)
    tiff += struct.pack(e + "HHHII", 1, 0x8769, 4, 1, exif_ifd) + struct.pack(e + "I", 0)
    tiff += struct.pack(e + "HHHII", 2, 0x9003, 2, len(date), data) + struct.pack(e + "HHII", 0x9011, 2, len(zone), data + len(date))
    return tiff + struct.pack(e + "I", 0) + date + zone


for order, big_endian in (("le", False), ("be", True)):
    payload = b"Exif\x00\x00" + capture_date_tiff(big_endian)
    put("photo-metadata", "capture-date-" + order,
        b"\xff\xd8\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + b"\xff\xd9")
# A HEIF Exif item's payload: the offset to the TIFF header, then `Exif\0\0` and the TIFF.
put("photo-metadata", "heif-exif-item", struct.pack(">I", 6) + b"Exif\x00\x00" + capture_date_tiff(True))
put("photo-metadata", "exif-6-le", exif_jpeg(6, False))
put("photo-metadata", "exif-8-be", exif_jpeg(8, True))
xmp = b"http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta/>"
put("photo-metadata", "xmp", b"\xff\xd8\xff\xe1" + struct.pack(">H", len(xmp) + 2) + xmp + b"\xff\xd9")
ipco = box(b"ipco", box(b"irot", b"\x01") + box(b"imir", b"\x00"))
ipma = box(b"ipma", b"\x00\x00\x00\x00" + struct.pack(">IHB", 1, 1, 2) + b"\x81\x82")
meta = box(b"meta", b"\x00\x00\x00\x00" + box(b"pitm", b"\x00\x00\x00\x00\x00\x01") + box(b"iprp", ipco + ipma))
put("photo-metadata", "heif-transforms", box(b"ftyp", b"heic\x00\x00\x00\x00mif1heic") + meta)
put("photo-metadata", "mov", box(b"ftyp", b"qt  \x00\x00\x02\x00qt  "))
with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(tmp, "a.png"), "wb") as f:
        f.write(png(16, 16))
    try:
        subprocess.run(["heif-enc", "-q", "50", os.path.join(tmp, "a.png"), "-o", os.path.join(tmp, "a.heic")],
                       check=True, capture_output=True)
        with open(os.path.join(tmp, "a.heic"), "rb") as f:
            put("photo-metadata", "heic", f.read())
    except (OSError, subprocess.CalledProcessError):
        print("make-seeds: heif-enc is missing (apt-get install libheif-examples): no HEIC seed")

# external-protocol: a handshake line, then answers to request 7 — numbers at and beyond every limit
# (pixels are 32-bit: ±2147483647; confidence 0–100), deep nesting, huge strings, wrong types.
handshake = json.dumps({"engine": "myocr", "version": "1.2", "models": {"rec.onnx": "ab" * 32}}).encode()


def answer(**fields):
    return json.dumps(dict({"id": 7}, **fields), ensure_ascii=False).encode()


def boxed(**box):
    word = dict({"text": "w", "conf": 90, "x": 1, "y": 2, "w": 3, "h": 4}, **box)
    return answer(text="w", confidence=90, words=[word], lines=[word])


protocol = {
    "plain": [answer(text="hello", confidence=91.5)],
    "error": [answer(error="cannot read it")],
    "boxes": [boxed()],
    "x-at-limit": [boxed(x=2147483647, y=-2147483647, w=2147483647, h=0)],
    "x-beyond": [boxed(x=2147483648), boxed(y=-2147483648), boxed(w=-1)],
    "x-1e19": [b'{"id": 7, "text": "w", "confidence": 90, "words": [{"text": "w", "conf": 90, "x": 1e19, "y": 0, "w": 1, "h": 1}]}'],
    "x-minus-1e30": [boxed(x=-1e30)],
    "x-1e400": [b'{"id": 7, "text": "w", "confidence": 90, "lines": [{"text": "w", "conf": 90, "x": 1e400, "y": 0, "w": 1, "h": 1}]}'],
    "fraction": [boxed(x=0.49999999999999994, w=2147483646.5)],
    "conf-limits": [answer(text="a", confidence=100), answer(text="a", confidence=100.0000001),
                    answer(text="a", confidence=-0.0), boxed(conf=-1e-300), boxed(conf=1e308)],
    "id-types": [b'{"id": 7.0, "text": "a", "confidence": 1}', b'{"id": 1e19, "text": "a", "confidence": 1}',
                 b'{"id": "7", "text": "a", "confidence": 1}', b'{"id": -9223372036854775809, "text": "a", "confidence": 1}'],
    "wrong-types": [b'{"id": 7, "text": 5, "confidence": "90"}', b'{"id": 7, "text": "a", "confidence": 9, "words": {"x": 1}}',
                    b'{"id": 7, "text": "a", "confidence": 9, "words": [{"text": "w", "conf": 9, "x": "1", "y": 0, "w": 1, "h": 1}]}',
                    b'{"id": 7, "text": null, "confidence": null}', b'[7, "a", 90]', b'"just a string"', b"null"],
    "deep-nesting": [b'{"id": 7, "text": "a", "confidence": 9, "words": ' + b"[" * 5000 + b"]" * 5000 + b"}",
                     b'{"id": 7, "x": ' + b'{"a": ' * 3000 + b"1" + b"}" * 3000 + b"}"],
    "huge-string": [answer(text="字" * 20000, confidence=50)],
    "escapes": [b'{"id": 7, "text": "\\ud800 \\u0000 \\udfff\\ud83d\\ude00", "confidence": 50}'],
    "duplicate-keys": [b'{"id": 7, "id": 8, "text": "a", "confidence": 9, "confidence": 900}'],
}
for name, answers in protocol.items():
    put("external-protocol", name, b"\n".join([handshake] + answers))
put("external-protocol", "handshake-huge-version",
    json.dumps({"engine": "e", "version": "9" * 5000, "models": {}}).encode() + b"\n" + answer(text="a", confidence=1))
put("external-protocol", "handshake-bad-name", b'{"engine": "", "version": 1}\n{"engine": "a b\\u0000"}')

# http-request: requests as a browser, a script and a hostile client send them
host = b"Host: 127.0.0.1:8765\r\n"
requests = {
    "get": b"GET / HTTP/1.1\r\n" + host + b"\r\n",
    "search": b"GET /?q=harbor%20master&lang=eng&limit=20 HTTP/1.1\r\n" + host + b"Accept: text/html\r\n\r\n",
    "head": b"HEAD /api/notes/1 HTTP/1.1\r\n" + host + b"\r\n",
    "keep-alive-two": b"GET /api/notes HTTP/1.1\r\n" + host + b"\r\nGET /notes/1 HTTP/1.1\r\n" + host + b"\r\n",
    "http10-no-host": b"GET /notes/1 HTTP/1.0\r\n\r\n",
    "http11-no-host": b"GET /notes/1 HTTP/1.1\r\n\r\n",
    "two-hosts": b"GET / HTTP/1.1\r\n" + host + b"Host: evil.example\r\n\r\n",
    "many-arguments": b"GET /?" + b"&".join(b"a%d=1" % i for i in range(463)) + b" HTTP/1.1\r\n" + host + b"\r\n",
    "post-body": b"POST / HTTP/1.1\r\n" + host + b"Content-Length: 5\r\n\r\nhello",
    "chunked": b"GET / HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    "delete": b"DELETE /notes/1 HTTP/1.1\r\n" + host + b"\r\n",
    "encoded-path": b"GET /notes/%2e%2e/%2e%2e/etc/passwd?q=%00%ff HTTP/1.1\r\n" + host + b"\r\n",
    "folded-header": b"GET / HTTP/1.1\r\n" + host + b"X-A: 1\r\n  continued\r\n\r\n",
    "bare-lf": b"GET / HTTP/1.1\n" + host.replace(b"\r\n", b"\n") + b"\n",
    "absolute-uri": b"GET http://127.0.0.1:8765/api/notes HTTP/1.1\r\n" + host + b"\r\n",
    "asterisk": b"OPTIONS * HTTP/1.1\r\n" + host + b"\r\n",
    "no-version": b"GET /\r\n\r\n",
    "http2-preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    "cookie-and-etag": b"GET /notes/1/thumbnail HTTP/1.1\r\n" + host + b"Cookie: a=b; c\r\nIf-None-Match: \"x\"\r\n\r\n",
    "truncated": b"GET /api/notes?q=a HTTP/1.1\r\nHo",
}
for name, data in requests.items():
    put("http-request", name, data)
