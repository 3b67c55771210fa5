import sys

from mm.app.cli import main

sys.exit(main())
