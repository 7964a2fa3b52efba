"""What ``cardgen list fmnyc`` says of what Free Market: NYC has in place of company sets."""

# Its --set takes a file (README: check-set, build, simulate); "played whole" alone left a
# designer with a Career card file of their own no way on.
SETS_NOTE = ("fmnyc has no company sets; --set takes a file of Career cards (game: fmnyc, "
             "kind: careers) in place of careers.yaml, as in cardgen check-set FILE")
