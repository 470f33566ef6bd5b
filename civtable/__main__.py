"""python -m civtable: the same as the civtable command."""

import sys

from civtable.cli import main

sys.exit(main())
