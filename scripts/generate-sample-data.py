#!/usr/bin/env python3
"""Generate Trestle's sample data: a json-server style db.json.

The shape (resources, field names, types, relations and counts) follows the
JSONPlaceholder conventions; every text is generated here from our own word
lists with a seeded RNG, so the output is deterministic.

Usage: scripts/generate-sample-data.py [output-path]   (default sample-data/db.json)
"""
import json
import random
import sys
from pathlib import Path

SEED = 20240611
rng = random.Random(SEED)

WORDS = (
    "amber anchor arbor atlas autumn basil beacon birch bramble breeze bridge "
    "canyon cedar chalk cinder clover cobalt comet coral crane crystal dawn "
    "delta drift dune ember falcon fern fjord flint forest frost garnet glade "
    "granite harbor hazel heron horizon indigo island ivory jasper juniper "
    "kestrel lagoon lantern larch lilac linen lumen maple marble meadow mesa "
    "mist monsoon moss nectar nimbus oak ochre onyx orchid otter pebble pepper "
    "pine plume prairie quarry quartz quill raven reed ridge river rowan saffron "
    "sage shale sierra slate sorrel spruce summit tamarind thistle thunder "
    "timber topaz tundra umber valley velvet willow wren yarrow zephyr"
).split()

FIRST = ["Alma", "Bruno", "Carmen", "Dario", "Elif", "Farid", "Greta", "Hiro",
         "Ines", "Jonas"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Takahashi", "Castell", "Novak",
        "Brennan", "Achterberg", "Zürcher", "Delacroix"]
STREETS = ["Quarry Lane", "Orchard Row", "Lantern Walk", "Harbor Street",
           "Cedar Terrace", "Meadow Close", "Summit Road", "Willow Court",
           "Falcon Way", "Granite Mews"]
CITIES = ["Port Alder", "Zürich", "Brightwater", "Kestrel Bay", "Ostermoor",
          "Lumen Falls", "Saltmarsh", "Redcliff", "Vale Hollow", "Ironbridge"]
TLDS = ["example", "test", "invalid", "example.org", "example.net"]
COMPANY_A = ["Northwind", "Bluefin", "Copperleaf", "Driftwood", "Everpine",
             "Foxglove", "Graywater", "Highmoor", "Inkwell", "Juniper"]
COMPANY_B = ["Labs", "Works", "Collective", "Systems", "Partners", "Group",
             "Studio", "Cooperative", "Foundry", "Guild"]
CATCH = ["adaptive", "modular", "resilient", "portable", "layered", "quiet",
         "incremental", "observable", "streamlined", "humane"]
CATCH2 = ["toolchain", "workflow", "interface", "pipeline", "framework",
          "dashboard", "protocol", "service", "ledger", "archive"]
BS = ["compose", "iterate", "ship", "refactor", "measure", "simplify",
      "cache", "index", "render", "stream"]

# Special titles that exercise width, sanitising and escaping in the UI.
SPECIAL = [
    "日本語のタイトル: 桜の下で会いましょう",
    "中文标题：今天的任务清单",
    "한국어 제목: 오늘의 할 일",
    "launch checklist 🚀 before friday",
    "pair programming 👩‍💻 with the new team",
    "done ✅ and reviewed ✅",
    "café menu for the naïve visitor from Zürich",
    "tabbed\ttitle with\ta tab inside",
    "  leading and trailing spaces  ",
    "odd\u00a0non-breaking\u2003em space and\u200bzero width",
    "line one\nline two in one title",
    "mixed 日本語 and emoji 🎉 and accents: crème brûlée",
]


def words(n, capital=False):
    text = " ".join(rng.choice(WORDS) for _ in range(n))
    return text[:1].upper() + text[1:] if capital else text


def long_title():
    text = words(30)
    while len(text) <= 160:
        text += " " + rng.choice(WORDS)
    return text


def title(index, pool_offset):
    """Mostly plain words; every so often a special or very long title."""
    if index % 37 == pool_offset % 37:
        return SPECIAL[(index // 37 + pool_offset) % len(SPECIAL)]
    if index % 53 == (pool_offset + 11) % 53:
        return long_title()
    return words(rng.randint(2, 7))


def paragraph():
    return "\n".join(words(rng.randint(8, 14)) for _ in range(rng.randint(2, 4)))


def users():
    result = []
    for i in range(10):
        first, last = FIRST[i], LAST[i]
        username = f"{first.lower()}.{last.lower()[:4]}{rng.randint(1, 99)}"
        tld = TLDS[i % len(TLDS)]
        result.append({
            "id": i + 1,
            "name": f"{first} {last}",
            "username": username,
            "email": f"{first.lower()}@{last.lower()}.{tld}",
            "address": {
                "street": STREETS[i],
                "suite": f"{rng.choice(['Apt.', 'Suite', 'Unit'])} {rng.randint(1, 999)}",
                "city": CITIES[i],
                "zipcode": f"{rng.randint(10000, 99999)}-{rng.randint(1000, 9999)}",
                "geo": {
                    "lat": f"{rng.uniform(-80, 80):.4f}",
                    "lng": f"{rng.uniform(-179, 179):.4f}",
                },
            },
            "phone": f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}",
            "website": f"{last.lower()}.{tld}",
            "company": {
                "name": f"{COMPANY_A[i]} {rng.choice(COMPANY_B)}",
                "catchPhrase": f"{rng.choice(CATCH).capitalize()} {rng.choice(CATCH)} {rng.choice(CATCH2)}",
                "bs": f"{rng.choice(BS)} {rng.choice(CATCH)} {rng.choice(CATCH2)}s",
            },
        })
    return result


def posts():
    return [{"userId": i // 10 + 1, "id": i + 1, "title": title(i, 3), "body": paragraph()}
            for i in range(100)]


def comments(user_list):
    result = []
    for i in range(500):
        author = rng.choice(FIRST).lower() + "." + rng.choice(WORDS)
        result.append({
            "postId": i // 5 + 1,
            "id": i + 1,
            "name": title(i, 7),
            "email": f"{author}@{rng.choice(TLDS)}",
            "body": paragraph(),
        })
    return result


def albums():
    return [{"userId": i // 10 + 1, "id": i + 1, "title": title(i, 5)} for i in range(100)]


def photos():
    result = []
    for i in range(5000):
        colour = f"{rng.randint(0, 0xFFFFFF):06x}"
        result.append({
            "albumId": i // 50 + 1,
            "id": i + 1,
            "title": title(i, 13),
            "url": f"https://picsum.example/600/{colour}",
            "thumbnailUrl": f"https://picsum.example/150/{colour}",
        })
    return result


def todos():
    return [{"userId": i // 20 + 1, "id": i + 1, "title": title(i, 1),
             "completed": rng.random() < 0.45} for i in range(200)]


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "sample-data" / "db.json"
    user_list = users()
    db = {
        "users": user_list,
        "posts": posts(),
        "comments": comments(user_list),
        "albums": albums(),
        "photos": photos(),
        "todos": todos(),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(db, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
