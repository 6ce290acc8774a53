"""``python -m trainers.grpo``: see ``--help`` and :mod:`trainers.grpo.train`."""

from trainers.grpo.cli import main

if __name__ == "__main__":
    main()
