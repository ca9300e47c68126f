"""A trained policy as plain numpy arrays: play a MaskablePPO model without torch.

Training (Stable-Baselines3 / sb3-contrib, the `train` extra) keeps its own
`.zip` checkpoints; what it hands to players is a `policy.npz` written by
`Policy.save`: the actor of an `MlpPolicy` (hidden layers with one activation,
the shared ones of training's `SharedLayers` first, then the action logits) and a
JSON `meta` saying which game, player count, observation size and action count it
was trained for. Reading it needs numpy only, so anyone can play the shipped
models.

Weights are stored as torch stores them: `W` of shape (out, in), `b` of shape
(out,), so a layer computes `W @ x + b`.

The file (`np.savez_compressed`, no pickles): arrays `w0, b0, ..., wK, bK` (the
last pair gives the logits) and `meta`, a 0-d string array holding JSON with at
least `format` ("scavenger-policy"), `format_version`, `game`, `num_players`,
`observation_size`, `env_actions`, `rules_version`, `activation` and `hidden`.

Since format version 2 a file may also hold the critic, so that a search can
weigh positions with it (the `az` player): arrays `vw0, vb0, ..., vwJ, vbJ`
(hidden layers with the same activation, then the value layer) and in the meta
`value`, saying what the value layer gives:

- `"kind": "outcome"`: one value per seat, the seat whose observation it is
  first and the others in turn order after it, each that seat's expected share
  of the win (0 to 1); what expert iteration trains.
- `"kind": "return"`: one value, the expected discounted return of the seat
  whose observation it is under the training's reward (`reward`, `gamma` in the
  meta); what a PPO critic learns.

Files of version 1 (no critic) still load; `Policy.has_value` is False for them.
"""

from __future__ import annotations

import json
import os
import tempfile
import warnings
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from scavenger_env.core.errors import Notice
from scavenger_env.core.games import UnknownGameError, get_game

__all__ = [
    "ACTIVATIONS",
    "FORMAT",
    "FORMAT_VERSION",
    "VALUE_KINDS",
    "NotAPolicyFileError",
    "Policy",
    "PolicyFileError",
    "PolicyGameError",
    "PolicyNotFoundError",
    "PolicyPlayersError",
    "PolicyShapeError",
    "RulesVersionWarning",
    "UnsupportedModelError",
    "train_hint",
]

FORMAT = "scavenger-policy"
FORMAT_VERSION = 2
ACTIVATIONS = ("tanh", "relu")
#: what a critic's outputs mean (see the module docstring)
VALUE_KINDS = ("outcome", "return")

#: the first layer skips the observation's zeros when fewer than this share of
#: it is non-zero (observations are mostly zeros: Cave-In's about 7 %)
_SPARSE_SHARE = 0.25


class PolicyFileError(ValueError):
    """A policy file that cannot be played here; the message says what is wrong
    and what to do. (A ValueError, so a bad `ppo:model=...` spec is reported like
    any other bad option.)"""


class PolicyNotFoundError(PolicyFileError):
    """No file at the path given (or no shipped model for the game)."""


class NotAPolicyFileError(PolicyFileError):
    """The file is damaged, truncated, of another kind, or an SB3 checkpoint."""


class PolicyGameError(PolicyFileError):
    """The policy was trained for another game."""


class PolicyPlayersError(PolicyFileError):
    """The policy was trained for another player count."""


class PolicyShapeError(PolicyFileError):
    """The policy's observation size or action count is not the game's now."""


class RulesVersionWarning(Notice):
    """The policy was trained under another rules version (it still plays)."""


class UnsupportedModelError(ValueError):
    """`Policy.from_sb3` was given a model that is not a default MlpPolicy."""


def train_hint(game: str | None = None, num_players: int | None = None) -> str:
    """The command that trains a policy file, for error messages."""
    g = game or "GAME"
    n = num_players if num_players is not None else "N"
    return (
        f"train one with `scavenger train --game {g} --num-players {n} "
        "--output runs/NAME`, which writes runs/NAME/policy.npz"
    )


def _checked_layers(
    layers: Sequence[tuple[np.ndarray, np.ndarray]], what: str
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Each `(W, b)` as contiguous float32, checked to chain (W is (out, in))."""
    weights: list[np.ndarray] = []
    biases: list[np.ndarray] = []
    for i, (w, b) in enumerate(layers):
        w = np.ascontiguousarray(w, dtype=np.float32)
        b = np.ascontiguousarray(b, dtype=np.float32)
        if w.ndim != 2 or b.shape != (w.shape[0],):
            raise ValueError(
                f"{what} {i}: W must be (out, in) and b (out,); got "
                f"{w.shape} and {b.shape}"
            )
        if weights and w.shape[1] != weights[-1].shape[0]:
            raise ValueError(
                f"{what} {i} takes {w.shape[1]} inputs but {what} {i - 1} gives "
                f"{weights[-1].shape[0]}"
            )
        weights.append(w)
        biases.append(b)
    if not weights:
        raise ValueError(f"a network needs at least one {what}")
    return weights, biases


def _tanh(x: np.ndarray) -> np.ndarray:
    return np.tanh(x, out=x)


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0, out=x)


class Policy:
    """The actor of an MLP policy: hidden layers with `activation`, then logits.

    Args:
        layers: `(W, b)` per layer, `W` of shape (out, in) as torch stores it;
            the last layer gives the action logits (no activation).
        activation: "tanh" or "relu".
        meta: What the policy was trained for (see the module docstring);
            `observation_size`, `env_actions`, `activation` and `hidden` are
            filled in from the arrays.
        value_layers: The critic's `(W, b)` per layer on the same observation
            (None: no critic); its last layer gives the values.
        value_kind: What the critic's outputs mean: "outcome" (one win share
            per seat, own seat first) or "return" (one discounted return).
    """

    def __init__(
        self,
        layers: Sequence[tuple[np.ndarray, np.ndarray]],
        activation: str,
        meta: dict[str, Any],
        value_layers: Sequence[tuple[np.ndarray, np.ndarray]] | None = None,
        value_kind: str = "outcome",
    ) -> None:
        if activation not in ACTIVATIONS:
            raise ValueError(
                f"activation {activation!r} is not supported; use one of "
                f"{', '.join(ACTIVATIONS)}"
            )
        if not layers:
            raise ValueError("a policy needs at least one layer (the logits)")
        weights, biases = _checked_layers(layers, "layer")
        self.weights = weights
        self.biases = biases
        self.activation = activation
        self._act = _tanh if activation == "tanh" else _relu
        #: the first layer as (in, out): its rows are gathered for sparse inputs
        self._w0_rows = np.ascontiguousarray(weights[0].T)
        self.observation_size = int(weights[0].shape[1])
        self.env_actions = int(weights[-1].shape[0])
        self.hidden = [int(w.shape[0]) for w in weights[:-1]]
        meta = {
            **meta,
            "observation_size": self.observation_size,
            "env_actions": self.env_actions,
            "activation": activation,
            "hidden": self.hidden,
        }
        self.value_weights: list[np.ndarray] = []
        self.value_biases: list[np.ndarray] = []
        if value_layers:
            self._set_critic(value_layers, value_kind, meta)
        else:
            meta.pop("value", None)
        self.meta: dict[str, Any] = meta
        #: the file it was read from (None: built in memory)
        self.path: Path | None = None

    def _set_critic(
        self,
        value_layers: Sequence[tuple[np.ndarray, np.ndarray]],
        kind: str,
        meta: dict[str, Any],
    ) -> None:
        if kind not in VALUE_KINDS:
            raise ValueError(
                f"value kind {kind!r} is not known; use one of {', '.join(VALUE_KINDS)}"
            )
        weights, biases = _checked_layers(value_layers, "value layer")
        if weights[0].shape[1] != self.observation_size:
            raise ValueError(
                f"the critic takes {weights[0].shape[1]} inputs; the observation "
                f"has {self.observation_size}"
            )
        outputs = int(weights[-1].shape[0])
        n = meta.get("num_players")
        if kind == "return" and outputs != 1:
            raise ValueError(f"a 'return' critic gives one value, not {outputs}")
        if kind == "outcome" and isinstance(n, int) and outputs != n:
            raise ValueError(
                f"an 'outcome' critic gives one value per seat ({n}), not {outputs}"
            )
        self.value_weights, self.value_biases = weights, biases
        meta["value"] = {
            **(meta.get("value") or {}),
            "kind": kind,
            "outputs": outputs,
            "hidden": [int(w.shape[0]) for w in weights[:-1]],
        }

    @property
    def has_value(self) -> bool:
        """Whether the file holds a critic (format 2 files written by training)."""
        return bool(self.value_weights)

    @property
    def value_kind(self) -> str | None:
        """ "outcome", "return", or None without a critic."""
        return str(self.meta["value"]["kind"]) if self.has_value else None

    def value(self, obs: np.ndarray) -> np.ndarray:
        """The critic's outputs (float32) for one observation `(obs_size,)` ->
        `(outputs,)` or a batch `(B, obs_size)` -> `(B, outputs)`.

        Raises:
            PolicyFileError: the policy holds no critic.
        """
        if not self.value_weights:
            where = self.path if self.path is not None else "this policy"
            raise PolicyFileError(
                f"{where} holds no critic (a file written before critics were "
                "saved, format version 1); retrain it, or fit one with "
                "`scavenger train --algo critic --init-from FILE`"
            )
        x = np.asarray(obs, dtype=np.float32)
        one = x.ndim == 1
        h = x[None, :] if one else x
        if h.ndim != 2 or h.shape[1] != self.observation_size:
            raise ValueError(
                f"observations of shape {x.shape}; this critic takes "
                f"({self.observation_size},) or (B, {self.observation_size})"
            )
        last = len(self.value_weights) - 1
        for i, (w, b) in enumerate(zip(self.value_weights, self.value_biases)):
            h = h @ w.T + b
            if i < last:
                h = self._act(h)
        return h[0] if one else h

    def __repr__(self) -> str:
        sizes = "→".join(
            map(str, [self.observation_size, *self.hidden, self.env_actions])
        )
        return (
            f"Policy({sizes}, {self.activation}, game={self.meta.get('game')!r}, "
            f"num_players={self.meta.get('num_players')!r})"
        )

    # -- forward ------------------------------------------------------------

    def _hidden_one(self, obs: np.ndarray) -> np.ndarray:
        """The last hidden layer's output for one observation (float32)."""
        x = np.asarray(obs, dtype=np.float32)
        if x.shape != (self.observation_size,):
            raise ValueError(
                f"observation of shape {x.shape}; this policy takes "
                f"({self.observation_size},)"
            )
        if len(self.weights) == 1:
            return x
        nz = (x != 0).nonzero()[0]
        if len(nz) < _SPARSE_SHARE * self.observation_size:
            h = x.take(nz) @ self._w0_rows.take(nz, axis=0)  # only non-zeros count
        else:
            h = x @ self._w0_rows
        h += self.biases[0]
        h = self._act(h)
        for w, b in zip(self.weights[1:-1], self.biases[1:-1]):
            h = w @ h
            h += b
            h = self._act(h)
        return h

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The action logits (float32) of one observation `(obs_size,)` -> `(A,)`
        or of a batch `(B, obs_size)` -> `(B, A)`."""
        x = np.asarray(obs, dtype=np.float32)
        if x.ndim == 1:
            return self.weights[-1] @ self._hidden_one(x) + self.biases[-1]
        if x.ndim != 2 or x.shape[1] != self.observation_size:
            raise ValueError(
                f"observations of shape {x.shape}; this policy takes "
                f"({self.observation_size},) or (B, {self.observation_size})"
            )
        h = x
        for w, b in zip(self.weights[:-1], self.biases[:-1]):
            h = self._act(h @ w.T + b)
        return h @ self.weights[-1].T + self.biases[-1]

    def act(
        self,
        obs: np.ndarray,
        mask: np.ndarray,
        rng: np.random.Generator,
        deterministic: bool = True,
    ) -> int:
        """An env action id for one observation: the legal action (mask != 0)
        with the highest logit, or (`deterministic=False`) one drawn from the
        softmax over the legal actions with `rng`.

        Raises:
            ValueError: the mask allows no action.
        """
        legal = (np.asarray(mask) != 0).nonzero()[0]
        if len(legal) == 0:
            raise ValueError(
                "the action mask allows no action: the seat is not to move "
                "(or the game is over)"
            )
        h = self._hidden_one(obs)
        # only the legal actions' logits are needed
        z = self.weights[-1][legal] @ h
        z += self.biases[-1][legal]
        if deterministic or len(legal) == 1:
            return int(legal[int(z.argmax())])
        # Gumbel-max: the argmax of logits + Gumbel noise is a softmax draw
        z += rng.gumbel(size=len(z))
        return int(legal[int(z.argmax())])

    # -- from a trained model -------------------------------------------------

    @classmethod
    def from_sb3(
        cls,
        model: Any,
        *,
        game: str,
        num_players: int,
        extra_meta: dict[str, Any] | None = None,
    ) -> Policy:
        """The actor of an sb3-contrib `MaskablePPO` (or SB3 `PPO`) whose policy
        is an `MlpPolicy`: the default flatten extractor or training's
        `SharedLayers` (Linear + activation layers shared with the critic), an
        MLP of Linear + activation layers, a linear action head.

        Raises:
            UnsupportedModelError: another architecture (CNN, LSTM, a custom
                extractor or head, a non-Discrete action space), or one whose
                sizes are not `game`'s.
        """
        policy = getattr(model, "policy", None)
        if policy is None or not hasattr(policy, "mlp_extractor"):
            raise UnsupportedModelError(
                f"{type(model).__name__} has no actor-critic MLP policy; pass a "
                "MaskablePPO (or PPO) model built with 'MlpPolicy'"
            )
        space: Any = getattr(model, "action_space", None)
        if type(space).__name__ != "Discrete":
            raise UnsupportedModelError(
                f"the action space is {space!r}; only Discrete actions are supported"
            )
        extractors = [policy.features_extractor]
        if not getattr(policy, "share_features_extractor", True):
            extractors.append(policy.pi_features_extractor)
        shared = None  # the actor's extractor when it has layers of its own
        for extractor in extractors:
            kind = type(extractor).__name__
            if kind == "SharedLayers" and len(extractors) == 1:
                shared = extractor
            elif kind != "FlattenExtractor":
                raise UnsupportedModelError(
                    f"the features extractor is {kind}; only the default "
                    "FlattenExtractor of 'MlpPolicy' and training's SharedLayers "
                    "are supported"
                )
        activation = getattr(policy.activation_fn, "__name__", "").lower()
        if activation not in ACTIVATIONS:
            raise UnsupportedModelError(
                f"activation_fn {policy.activation_fn!r} is not supported; train "
                "with nn.Tanh (the default) or nn.ReLU"
            )
        state = policy.state_dict()

        def array(key: str) -> np.ndarray:
            if key not in state:
                raise UnsupportedModelError(f"the policy has no {key!r} parameter")
            return np.asarray(state[key].detach().cpu().numpy(), dtype=np.float32)

        def mlp(modules: Any, prefix: str) -> list[tuple[np.ndarray, np.ndarray]]:
            """The (W, b) of Linear layers each followed by the activation."""
            found = []
            expect_linear = True
            for i, module in enumerate(modules):
                kind = type(module).__name__
                if expect_linear and kind == "Linear":
                    found.append(
                        (array(f"{prefix}.{i}.weight"), array(f"{prefix}.{i}.bias"))
                    )
                elif not expect_linear and kind.lower() == activation:
                    pass
                else:
                    raise UnsupportedModelError(
                        f"{prefix} layer {i} is {kind}; only Linear layers each "
                        f"followed by {policy.activation_fn.__name__} are supported"
                    )
                expect_linear = not expect_linear
            if not expect_linear:
                raise UnsupportedModelError(
                    f"{prefix} ends with a Linear layer and no activation; that "
                    "is not an MlpPolicy"
                )
            return found

        layers = []
        if shared is not None:
            layers += mlp(shared.mlp, "features_extractor.mlp")
        layers += mlp(policy.mlp_extractor.policy_net, "mlp_extractor.policy_net")
        if type(policy.action_net).__name__ != "Linear":
            raise UnsupportedModelError(
                f"the action head is {type(policy.action_net).__name__}, not Linear"
            )
        layers.append((array("action_net.weight"), array("action_net.bias")))
        critic = []
        if shared is not None:
            critic += mlp(shared.mlp, "features_extractor.mlp")
        elif not getattr(policy, "share_features_extractor", True):
            kind = type(policy.vf_features_extractor).__name__
            if kind != "FlattenExtractor":
                raise UnsupportedModelError(
                    f"the critic's features extractor is {kind}; only the default "
                    "FlattenExtractor is supported"
                )
        critic += mlp(policy.mlp_extractor.value_net, "mlp_extractor.value_net")
        if type(policy.value_net).__name__ != "Linear":
            raise UnsupportedModelError(
                f"the value head is {type(policy.value_net).__name__}, not Linear"
            )
        critic.append((array("value_net.weight"), array("value_net.bias")))
        rules = get_game(game)
        obs_shape = tuple(model.observation_space.shape or ())
        if obs_shape != (rules.observation_size,) or int(space.n) != rules.env_actions:
            raise UnsupportedModelError(
                f"the model takes observations of shape {obs_shape} and has "
                f"{space.n} actions; {rules.name} has ({rules.observation_size},) "
                f"and {rules.env_actions}"
            )
        meta = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": rules.name,
            "num_players": int(num_players),
            "rules_version": rules.rules_version,
            **(extra_meta or {}),
        }
        gamma = getattr(model, "gamma", None)
        meta["value"] = {
            **({"gamma": float(gamma)} if gamma is not None else {}),
            **meta.get("value", {}),
        }
        return cls(layers, activation, meta, value_layers=critic, value_kind="return")

    # -- files ----------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the policy to `path` (a compressed `.npz`) atomically: a
        half-written file never replaces a good one. Returns the path."""
        path = Path(path)
        meta = {**self.meta, "format": FORMAT, "format_version": FORMAT_VERSION}
        arrays: dict[str, np.ndarray] = {
            "meta": np.array(json.dumps(meta, sort_keys=True))
        }
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            arrays[f"w{i}"] = w
            arrays[f"b{i}"] = b
        for i, (w, b) in enumerate(zip(self.value_weights, self.value_biases)):
            arrays[f"vw{i}"] = w
            arrays[f"vb{i}"] = b
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
        try:
            # mkstemp makes the file private (0600); give it the permissions any
            # new file gets, so a policy saved to share can be read by others
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
            with os.fdopen(fd, "wb") as f:
                np.savez_compressed(f, **arrays)  # type: ignore[arg-type]
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> Policy:
        """The policy in `path`, checked only as a file (see `load`)."""
        path = Path(path)
        where = path.expanduser().absolute()
        if not where.is_file():
            raise PolicyNotFoundError(
                f"no policy file at {where}"
                + (" (it is a folder)" if where.is_dir() else "")
                + f"; {train_hint()}, and pass that path (ppo:model=PATH); or "
                "leave out model= to play the shipped model"
            )
        if _is_sb3_checkpoint(where):
            raise NotAPolicyFileError(
                f"{where} is a Stable-Baselines3 checkpoint, not a policy file; "
                "pass the policy.npz that training writes beside it "
                "(runs/NAME/policy.npz)"
            )
        expected = (
            "a policy file is the numpy .npz archive that `scavenger train` "
            f"writes (runs/NAME/policy.npz); {train_hint()}"
        )
        kind = _file_kind(where)
        if kind != "zip":
            what = (
                "a single numpy array (.npy), not an .npz archive"
                if kind == "npy"
                else "not a numpy archive (a text file or another kind of file)"
            )
            raise NotAPolicyFileError(
                f"{where} is not a policy file: it is {what} (unless it is one "
                f"damaged, truncated at its start: then copy it again); {expected}"
            )
        try:
            with np.load(where, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except ValueError as err:
            if "pickle" not in str(err):
                raise NotAPolicyFileError(
                    f"{where} is not a readable policy file ({err}); {expected}"
                ) from None
            raise NotAPolicyFileError(
                f"{where} is a numpy archive of Python objects, which no policy "
                f"file holds (nor is it loaded: it could run code); {expected}"
            ) from None
        except Exception as err:
            raise NotAPolicyFileError(
                f"{where} is not a readable policy file: it is damaged, truncated "
                f"({type(err).__name__}: {err}); copy it again, or {train_hint()}"
            ) from None
        meta = _meta_of(arrays, where)
        count = sum(1 for name in arrays if name.startswith("w"))
        try:
            layers = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(count)]
            critic_count = sum(1 for name in arrays if name.startswith("vw"))
            critic = [(arrays[f"vw{i}"], arrays[f"vb{i}"]) for i in range(critic_count)]
            kind = str((meta.get("value") or {}).get("kind", "outcome"))
            policy = cls(
                layers,
                str(meta.get("activation")),
                meta,
                value_layers=critic or None,
                value_kind=kind,
            )
        except (KeyError, ValueError) as err:
            raise NotAPolicyFileError(
                f"{where} is damaged: its layers do not fit together ({err}); "
                f"copy it again, or {train_hint()}"
            ) from None
        policy.path = where
        return policy

    def check(self, game: str | None = None, num_players: int | None = None) -> None:
        """Raise if this policy cannot play `game` with `num_players` seats (None:
        not checked; the game then is the one it was trained for, if known here).
        A different rules version only warns (RulesVersionWarning)."""
        where = self.path if self.path is not None else "the policy"
        trained = str(self.meta.get("game"))
        trained_n = self.meta.get("num_players")
        if game is not None and game != trained:
            raise PolicyGameError(
                f"{where} was trained for the game {trained!r}, not {game!r}; pass "
                f"a model trained for {game} ({train_hint(game, num_players)}) or "
                f"play it in {trained}"
            )
        if num_players is not None and num_players != trained_n:
            raise PolicyPlayersError(
                f"{where} was trained for {trained_n}-player games, not "
                f"{num_players}-player ones; pass a model trained for "
                f"{num_players} players ({train_hint(game or trained, num_players)}) "
                f"or play {trained_n}-player games"
            )
        try:
            rules = get_game(game or trained)
        except UnknownGameError:
            if game is not None:
                raise
            return  # a game not installed here: nothing more to compare
        if (self.observation_size, self.env_actions) != (
            rules.observation_size,
            rules.env_actions,
        ):
            raise PolicyShapeError(
                f"{where} takes observations of size {self.observation_size} and "
                f"has {self.env_actions} actions, but {rules.name} now has "
                f"{rules.observation_size} and {rules.env_actions}: the model was "
                "trained for another version of the observation and must be "
                f"retrained ({train_hint(rules.name, trained_n)})"
            )
        version = self.meta.get("rules_version")
        if version != rules.rules_version:
            warnings.warn(
                f"{where} was trained under rules version {version} of {rules.name}; "
                f"this engine plays version {rules.rules_version}. It still plays, "
                "but may play worse; retrain it for the current rules",
                RulesVersionWarning,
                stacklevel=3,
            )

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        *,
        game: str | None = None,
        num_players: int | None = None,
    ) -> Policy:
        """Read a policy file and check that it plays `game` with `num_players`.

        Raises:
            PolicyFileError: a subclass naming the problem and the fix (missing,
                not a policy file, another game, player count, observation size
                or action count).
        """
        policy = cls.read(path)
        policy.check(game, num_players)
        return policy


def _is_sb3_checkpoint(path: Path) -> bool:
    """Whether `path` is a Stable-Baselines3 `.zip` save (a zip with policy.pth)."""
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
    except (zipfile.BadZipFile, OSError):
        return False
    return "policy.pth" in names or "data" in names


def _file_kind(path: Path) -> str | None:
    """ "zip" (an .npz archive), "npy" (one array) or None, from the first bytes,
    so that another kind of file is named as such instead of by numpy's error."""
    try:
        with path.open("rb") as f:
            head = f.read(6)
    except OSError:
        return None
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return "zip"
    return "npy" if head == b"\x93NUMPY" else None


def _meta_of(arrays: dict[str, np.ndarray], where: Path) -> dict[str, Any]:
    """The file's meta, or NotAPolicyFileError."""
    raw = arrays.get("meta")
    try:
        meta = json.loads(str(raw)) if raw is not None and raw.ndim == 0 else None
    except json.JSONDecodeError:
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise NotAPolicyFileError(
            f"{where} is a numpy archive but not a policy file (no meta with "
            f"format {FORMAT!r}); pass the policy.npz that `scavenger train` "
            f"writes, or {train_hint()}"
        )
    version = meta.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise NotAPolicyFileError(
            f"{where} is a policy file of format version {version}; this version "
            f"of scavenger-env reads version {FORMAT_VERSION}: upgrade scavenger-env"
        )
    return meta
