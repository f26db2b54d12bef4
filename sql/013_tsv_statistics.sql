-- ANALYZE keeps statistics_target x 10 most-common lexemes of chunks.tsv, sampling 300 x target rows. At the
-- default (100) that is 1,000 lexemes down to ~0.9 % of chunks: every lexeme below that looked rare to the
-- wide text channel (retrieve/hybrid.py, RARE_SHARE, RARE_ROWS), though 445 of them were in 0.5-0.9 % of the
-- FinanceBench chunks and at 1M chunks such a lexeme matches ~9,000 rows. At 1000: ~6,400 lexemes down to
-- ~0.02 %, and a 59k-chunk corpus is read whole, so the shares are exact and the same after every ANALYZE
-- (FinanceBench nDCG@10 0.784 -> 0.785; eval/README.md, "Scale at 1M chunks"). ANALYZE of 59k chunks: 1.4 s.
ALTER TABLE chunks ALTER COLUMN tsv SET STATISTICS 1000;
ANALYZE chunks;
