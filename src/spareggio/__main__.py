"""``python -m spareggio``."""

import sys

from .cli import main

sys.exit(main())
