"""A bot for `exec:cmd="python random_bot.py"`: a legal action at random.

It speaks the scavenger bot protocol (JSON lines on stdin and stdout): it says
hello, seeds its generator from each game's `start`, and answers each `act`
with one of the legal ids. Replace `choose` with a strategy of your own.
"""

import json
import random
import sys


def choose(message, rng):
    """The action id to play: `message["legal"]` lists the choices with their
    names, `message["observation"]` what the seat knows."""
    return rng.choice(message["legal"])["id"]


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            # It reads only the legal actions: no observation, please.
            answer = {
                "type": "hello",
                "version": 1,
                "name": "random (Python)",
                "observation": [],
            }
        elif kind == "start":
            rng = random.Random(message["seed"])
            continue
        elif kind == "act":
            answer = {
                "type": "action",
                "decision": message["decision"],
                "id": choose(message, rng),
            }
        elif kind == "bye":
            break
        else:  # "end", and whatever a later protocol version adds
            continue
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
