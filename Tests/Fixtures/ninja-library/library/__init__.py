"""The Django Ninja library project. The library's models, migration, seed
command and common settings are the shared app in Tests/Fixtures/library-catalog,
put on the path here (before the settings load, from manage.py or wsgi.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "library-catalog"))
