"""Write reasoning-gym zebra puzzles of mixed sizes to a JSONL file for `mm batch`.

Each line: {"id": k, "input": the puzzle text, "answer": reasoning-gym's answer,
"people": N, "attributes": M}. Sizes are drawn from 2-6 people x 2-6 attributes.
Run: python benchmarks/zebra_jsonl.py --count 500 --out zebra500.jsonl
then: mm batch zebra500.jsonl --out results.jsonl
"""

from __future__ import annotations

import argparse
import json
import random


def puzzles(count: int, seed: int) -> list[dict]:
    import reasoning_gym

    rng = random.Random(seed)
    out = []
    for k in range(count):
        people, attributes = rng.randint(2, 6), rng.randint(2, 6)
        item = reasoning_gym.create_dataset("zebra_puzzles", size=1, seed=seed * 100_003 + k,
                                            num_people=people,
                                            num_characteristics=attributes)[0]
        out.append({"id": k, "input": item["question"], "answer": item["answer"],
                    "people": people, "attributes": attributes})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="zebra.jsonl")
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8") as f:
        for record in puzzles(args.count, args.seed):
            f.write(json.dumps(record) + "\n")
    print(f"wrote {args.count} puzzles to {args.out}")


if __name__ == "__main__":
    main()
