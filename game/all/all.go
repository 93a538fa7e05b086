// Package all registers the three games: import it for its side effect where games
// are looked up by name (the app, the record reader's callers, the headless
// commands).
package all

import (
	_ "trihex/game/abande"    // registers Abande
	_ "trihex/game/andantino" // registers Andantino
	_ "trihex/game/attangle"  // registers Attangle
)
