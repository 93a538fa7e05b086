// Package all registers the computer's knowledge of the three games: import it
// for its side effect wherever the computer plays (the app, the headless
// commands), as trihex/game/all registers the rules. Without it the searches
// play every game by plain Monte Carlo search.
package all

import (
	_ "trihex/ai/abande"    // registers Abande's knowledge
	_ "trihex/ai/andantino" // registers Andantino's knowledge
	_ "trihex/ai/attangle"  // registers Attangle's knowledge
)
