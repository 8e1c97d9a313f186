#!/usr/bin/env python3
"""Checks the documentation that `scripts/guide` builds (Python 3 standard library only).

    scripts/check_guide.py                 # the Markdown: README.md, docs/guide/**/*.md, docs/dev/**/*.md
    scripts/check_guide.py --html DIR      # also the built book in DIR: every <img> and in-book link resolves

Fails (exit 1), naming the file, the line and the link, when:
- a relative link or image points at a file that does not exist;
- a link's `#anchor` matches no heading of the Markdown file it points at (slugs as mdBook and GitHub make them:
  lower case, spaces to '-', punctuation other than '-' and '_' dropped, '-1', '-2' for repeated headings);
- a chapter listed in docs/guide/SUMMARY.md does not exist, or a Markdown file in docs/guide is not listed;
- README.md is over 200 lines, or lost the commands CI relies on (`./scripts/run`, `./scripts/test`);
- docs/dev/benchmarks.md lost the markers between which `scripts/figures` writes the figures table.
"""
import glob
import html.parser
import os
import re
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_MAX_LINES = 200
GUIDE = os.path.join(ROOT, "docs", "guide")

problems = []


def problem(path, line, text):
    where = os.path.relpath(path, ROOT) + (f":{line}" if line else "")
    problems.append(f"{where}: {text}")


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    for folder in ("docs/guide", "docs/dev"):
        files += sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.md"), recursive=True))
    return files


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code spans blanked out."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if fence:
            if marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
                fence = None
            continue
        if marker:
            fence = marker.group(1)
            continue
        yield number, re.sub(r"(`+)(?:(?!\1).)+?\1", lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """The anchor mdBook and GitHub give a heading."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # images: their alt text
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML tags
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    return "".join(c if (c.isalnum() or c in "-_") else "-" if c.isspace() else "" for c in text)


_anchors = {}


def anchors(path):
    """The anchors a Markdown file defines: its headings' slugs, explicit {#id}s and HTML ids."""
    if path in _anchors:
        return _anchors[path]
    found, seen = set(), {}
    text = open(path, encoding="utf-8").read()
    lines = list(prose_lines(text))
    raw = text.split("\n")
    for i, (number, line) in enumerate(lines):
        heading = None
        atx = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if atx:
            heading = raw[number - 1].strip().lstrip("#").strip().rstrip("#").strip()
        elif (i + 1 < len(lines) and lines[i + 1][0] == number + 1 and line.strip()
              and re.match(r"^ {0,3}(=+|-+)\s*$", lines[i + 1][1]) and not line.lstrip().startswith(("-", "*", "|"))):
            heading = raw[number - 1].strip()
        if heading is not None:
            explicit = re.search(r"\{#([^}\s]+)[^}]*\}\s*$", heading)
            if explicit:
                found.add(explicit.group(1))
                heading = heading[:explicit.start()]
            base = slug(heading)
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        for html_id in re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", line):
            found.add(html_id)
    _anchors[path] = found
    return found


LINK = re.compile(r"(!?)\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+[\"'(][^)]*)?\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
IMG_TAG = re.compile(r"<img\b[^>]*\bsrc=[\"']([^\"']+)[\"']", re.I)


def links(path):
    """(line, target, is an image) for every link and image of a Markdown file."""
    text = open(path, encoding="utf-8").read()
    for number, line in prose_lines(text):
        for m in LINK.finditer(line):
            yield number, m.group(2).strip("<>"), m.group(1) == "!"
        ref = REFERENCE.match(line)
        if ref:
            yield number, ref.group(1).strip("<>"), False
        for src in IMG_TAG.findall(line):
            yield number, src, True


def check_link(path, number, target, image):
    what = "image" if image else "link"
    if not target:
        problem(path, number, f"empty {what}")
        return
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
        return  # http:, https:, mailto: ... not checked here
    address, _, anchor = target.partition("#")
    address = urllib.parse.unquote(address)
    if address:
        if address.startswith("/"):
            problem(path, number, f"{what} `{target}`: use a path relative to the file, not from the root")
            return
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), address))
        if not os.path.exists(resolved):
            problem(path, number, f"{what} `{target}`: no such file ({os.path.relpath(resolved, ROOT)})")
            return
    else:
        resolved = path
    if anchor and not image:
        if resolved.endswith(".md") and os.path.isfile(resolved):
            if urllib.parse.unquote(anchor) not in anchors(resolved):
                problem(path, number, f"link `{target}`: no heading `#{anchor}` in {os.path.relpath(resolved, ROOT)}")


def check_summary():
    summary = os.path.join(GUIDE, "SUMMARY.md")
    if not os.path.isfile(summary):
        problem(summary, None, "missing: the book has no table of contents")
        return
    listed = set()
    for number, target, _ in links(summary):
        address = urllib.parse.unquote(target.partition("#")[0])
        if not address:
            problem(summary, number, "a chapter without a file (a draft chapter is not built)")
            continue
        chapter = os.path.normpath(os.path.join(GUIDE, address))
        listed.add(chapter)
        if not os.path.isfile(chapter):
            problem(summary, number, f"chapter `{target}` is missing ({os.path.relpath(chapter, ROOT)})")
    for chapter in glob.glob(os.path.join(GUIDE, "**", "*.md"), recursive=True):
        if os.path.normpath(chapter) not in listed and os.path.basename(chapter) != "SUMMARY.md":
            problem(chapter, None, "not listed in docs/guide/SUMMARY.md, so the book leaves it out")


def check_readme():
    readme = os.path.join(ROOT, "README.md")
    text = open(readme, encoding="utf-8").read()
    count = len(text.splitlines())
    if count > README_MAX_LINES:
        problem(readme, None, f"{count} lines, over {README_MAX_LINES}: move the detail into docs/guide or docs/dev")
    for command in ("./scripts/run", "./scripts/test"):
        if command not in text:
            problem(readme, None, f"no `{command}`: the README's commands are the ones CI and newcomers run")


def check_figures_markers():
    bench = os.path.join(ROOT, "docs", "dev", "benchmarks.md")
    if not os.path.isfile(bench):
        problem(bench, None, "missing: scripts/figures writes the figures table here")
        return
    text = open(bench, encoding="utf-8").read()
    for marker in ("<!-- figures:begin -->", "<!-- figures:end -->"):
        if text.count(marker) != 1:
            problem(bench, None, f"`{marker}` found {text.count(marker)} times, not once: scripts/figures writes between the markers")


class _Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img" and attrs.get("src") is not None:
            self.refs.append(("img", attrs["src"], self.getpos()[0]))
        elif tag == "a" and attrs.get("href"):
            self.refs.append(("a", attrs["href"], self.getpos()[0]))


def check_html(book):
    """Every image of the built pages resolves to a file of the output; every link that stays in the book too."""
    book = os.path.abspath(book)
    pages = sorted(glob.glob(os.path.join(book, "**", "*.html"), recursive=True))
    if not pages:
        problem(book, None, "no pages built")
    images = 0
    output = os.path.dirname(book)  # the book and the screenshots it shows, side by side
    for page in pages:
        parser = _Refs()
        parser.feed(open(page, encoding="utf-8").read())
        for tag, ref, line in parser.refs:
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", ref) or ref.startswith(("//", "#")):
                continue
            address = urllib.parse.unquote(ref.partition("#")[0].partition("?")[0])
            resolved = os.path.normpath(os.path.join(os.path.dirname(page), address))
            if tag == "img":
                images += 1
                if not resolved.startswith(output + os.sep) or not os.path.isfile(resolved):
                    problem(page, line, f"<img src=\"{ref}\"> resolves to no file of the output ({os.path.relpath(resolved, ROOT)})")
            elif resolved.startswith(book + os.sep) and not os.path.exists(resolved):
                problem(page, line, f"<a href=\"{ref}\"> resolves to no page of the book ({os.path.relpath(resolved, ROOT)})")
    return len(pages), images


def main(args):
    html_dir = None
    if args[:1] == ["--html"] and len(args) == 2:
        html_dir = args[1]
    elif args:
        print(__doc__, file=sys.stderr)
        return 2
    files = markdown_files()
    count = 0
    for path in files:
        for number, target, image in links(path):
            count += 1
            check_link(path, number, target, image)
    check_summary()
    check_readme()
    check_figures_markers()
    summary = f"{len(files)} Markdown files, {count} links and images"
    if html_dir:
        pages, images = check_html(html_dir)
        summary += f"; built book: {pages} pages, {images} images"
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"check_guide: {len(problems)} problem(s) in {summary}", file=sys.stderr)
        return 1
    print(f"check_guide: {summary}: all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
