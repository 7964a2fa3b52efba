"""What a new catalog's header says about its language: the language's English name and its
``Plural-Forms`` (how many plural forms it has and which number takes which).

gettext's ``msginit`` writes ``Plural-Forms`` from a table of its own; a catalog without it is
incomplete for a language with more than two forms (Polish, Russian, Arabic...), and tools such
as Poedit ask for it before they let a translator save. ``cardgen i18n init`` writes it from this
table: gettext's own entries (``msginit`` of gettext 0.21 writes exactly these), and the usual
forms of other common languages, as the Unicode CLDR and the translation tools (Translate
Toolkit, Launchpad) give them. A language not in the table gets no ``Plural-Forms``, and
``i18n init`` says so, naming the line to add.
"""

from __future__ import annotations

ONE = "nplurals=1; plural=0;"
NOT_ONE = "nplurals=2; plural=(n != 1);"
MORE_THAN_ONE = "nplurals=2; plural=(n > 1);"
SLAVIC = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);")
CZECH = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"

# tag (lower case, '-' between subtags): (English name, Plural-Forms)
LANGUAGES: dict[str, tuple[str, str]] = {
    # gettext's table (msginit)
    "ja": ("Japanese", ONE), "ko": ("Korean", ONE), "vi": ("Vietnamese", ONE),
    "en": ("English", NOT_ONE), "de": ("German", NOT_ONE), "nl": ("Dutch", NOT_ONE),
    "sv": ("Swedish", NOT_ONE), "da": ("Danish", NOT_ONE), "no": ("Norwegian", NOT_ONE),
    "nb": ("Norwegian Bokmål", NOT_ONE), "nn": ("Norwegian Nynorsk", NOT_ONE),
    "fo": ("Faroese", NOT_ONE), "es": ("Spanish", NOT_ONE), "pt": ("Portuguese", NOT_ONE),
    "it": ("Italian", NOT_ONE), "bg": ("Bulgarian", NOT_ONE), "el": ("Greek", NOT_ONE),
    "fi": ("Finnish", NOT_ONE), "et": ("Estonian", NOT_ONE), "he": ("Hebrew", NOT_ONE),
    "eo": ("Esperanto", NOT_ONE), "hu": ("Hungarian", NOT_ONE), "tr": ("Turkish", NOT_ONE),
    "pt-br": ("Brazilian Portuguese", MORE_THAN_ONE), "fr": ("French", MORE_THAN_ONE),
    "lv": ("Latvian", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);"),
    "ga": ("Irish", "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;"),
    "ro": ("Romanian", "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;"),
    "lt": ("Lithuanian", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
                         "(n%100<10 || n%100>=20) ? 1 : 2);"),
    "ru": ("Russian", SLAVIC), "uk": ("Ukrainian", SLAVIC), "be": ("Belarusian", SLAVIC),
    "sr": ("Serbian", SLAVIC), "hr": ("Croatian", SLAVIC), "bs": ("Bosnian", SLAVIC),
    "cs": ("Czech", CZECH), "sk": ("Slovak", CZECH),
    "pl": ("Polish", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
                     "(n%100<10 || n%100>=20) ? 1 : 2);"),
    "sl": ("Slovenian", "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);"),
    # other common languages (CLDR, as the translation tools write them)
    "zh": ("Chinese", ONE), "zh-hans": ("Simplified Chinese", ONE),
    "zh-hant": ("Traditional Chinese", ONE), "zh-cn": ("Chinese (China)", ONE),
    "zh-tw": ("Chinese (Taiwan)", ONE), "zh-hk": ("Chinese (Hong Kong)", ONE),
    "id": ("Indonesian", ONE), "ms": ("Malay", ONE), "th": ("Thai", ONE), "km": ("Khmer", ONE),
    "lo": ("Lao", ONE), "my": ("Burmese", ONE),
    "ca": ("Catalan", NOT_ONE), "gl": ("Galician", NOT_ONE), "eu": ("Basque", NOT_ONE),
    "af": ("Afrikaans", NOT_ONE), "sq": ("Albanian", NOT_ONE), "az": ("Azerbaijani", NOT_ONE),
    "ka": ("Georgian", NOT_ONE), "kk": ("Kazakh", NOT_ONE), "ky": ("Kyrgyz", NOT_ONE),
    "mn": ("Mongolian", NOT_ONE), "uz": ("Uzbek", NOT_ONE), "sw": ("Swahili", NOT_ONE),
    "bn": ("Bengali", NOT_ONE), "ta": ("Tamil", NOT_ONE), "te": ("Telugu", NOT_ONE),
    "ml": ("Malayalam", NOT_ONE), "mr": ("Marathi", NOT_ONE), "ne": ("Nepali", NOT_ONE),
    "ur": ("Urdu", NOT_ONE), "lb": ("Luxembourgish", NOT_ONE), "fy": ("Western Frisian", NOT_ONE),
    "hi": ("Hindi", MORE_THAN_ONE), "gu": ("Gujarati", MORE_THAN_ONE), "kn": ("Kannada", MORE_THAN_ONE),
    "pa": ("Punjabi", MORE_THAN_ONE), "fa": ("Persian", MORE_THAN_ONE), "hy": ("Armenian", MORE_THAN_ONE),
    "fil": ("Filipino", MORE_THAN_ONE), "si": ("Sinhala", MORE_THAN_ONE),
    "is": ("Icelandic", "nplurals=2; plural=(n%10!=1 || n%100==11);"),
    "mk": ("Macedonian", "nplurals=2; plural=(n%10==1 && n%100!=11) ? 0 : 1;"),
    "cy": ("Welsh", "nplurals=4; plural=(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3;"),
    "ar": ("Arabic", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 "
                     ": n%100>=11 ? 4 : 5);"),
}


def _key(tag: str) -> str:
    return tag.replace("_", "-").casefold()


def known(tag: str) -> tuple[str, str] | None:
    """(English name, Plural-Forms) of a language tag: the whole tag's (``pt-BR``, ``zh-Hant``),
    else that of its longest start the table has (``de-AT`` as ``de``, ``pt-BR-1990`` as
    ``pt-BR``: as ``pt`` it got Portugal's plural forms), the subtags after it added to the
    name; None for a language not in the table."""
    subtags = tag.replace("_", "-").split("-")
    for end in range(len(subtags), 0, -1):
        key = _key("-".join(subtags[:end]))
        if key in LANGUAGES:
            name, plurals = LANGUAGES[key]
            rest = "-".join(subtags[end:])
            return (f"{name} ({rest})" if rest else name), plurals
    return None


def plural_forms(tag: str) -> str:
    """The Plural-Forms of a language tag; '' when the table does not know the language."""
    found = known(tag)
    return found[1] if found else ""


def english_name(tag: str) -> str:
    """The language's English name (``German``); '' when the table does not know it."""
    found = known(tag)
    return found[0] if found else ""
