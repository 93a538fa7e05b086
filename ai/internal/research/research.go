// Package research holds the measurement harnesses behind the engine's
// design, kept apart from the product: they run only when their environment
// variable names their input, for minutes to hours, and nothing ships from
// here. Their conclusions are in ai/README.md ("Tried, not kept").
//
// testdata/andantino holds level 5's finished games as Red against plain UCT,
// a folder a run (testdata/andantino/README.md gives each run's command);
// `trihex book --results` reads them too.
//
// TestRedFatalMoves (fatal_test.go) finds, in each lost Red game, the first
// Red move after which a long search proves White's win, and asks engines to
// choose in those positions; TestRedVetoes (redveto_test.go) measures two
// vetoes of such moves, and TestThreatSpaceBeforeEnd how far before the end a
// threat-space search proves White's wins.
package research
