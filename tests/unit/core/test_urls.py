"""Database URLs shown to people never carry a password."""

from league_manager.core.urls import is_server_url, mask_password, short_name, with_password, without_password

URL = "postgresql+psycopg://coach:s3cr%40t@db.example:5432/league?sslmode=require"


def test_the_password_is_masked_in_urls_and_in_sentences() -> None:
    assert mask_password(URL) == "postgresql+psycopg://coach:***@db.example:5432/league?sslmode=require"
    sentence = f"cannot open {URL}: connection refused"
    assert "s3cr" not in mask_password(sentence) and "connection refused" in mask_password(sentence)
    assert mask_password("postgresql://:pw@h/db") == "postgresql://:***@h/db"


def test_urls_without_a_password_and_file_paths_are_left_alone() -> None:
    for text in ("postgresql://coach@/league?host=/tmp/s", "/home/a:b@c/league.db", "sqlite:///x.db"):
        assert mask_password(text) == text


def test_the_recent_list_keeps_the_url_without_the_password_and_reopening_adds_it() -> None:
    bare = without_password(URL)
    assert bare == "postgresql+psycopg://coach@db.example:5432/league?sslmode=require"
    assert (
        with_password(bare, "p@ss:/")
        == "postgresql+psycopg://coach:p%40ss%3A%2F@db.example:5432/league?sslmode=require"
    )
    assert without_password("/home/me/league.db") == "/home/me/league.db"


def test_short_names_for_the_title_bar() -> None:
    assert short_name(without_password(URL)) == "league on db.example"
    assert short_name("/home/me/leagues/old world.db") == "old world.db"
    assert is_server_url(URL) and not is_server_url("sqlite:///x.db") and not is_server_url("x.db")
