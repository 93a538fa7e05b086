package online

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"trihex/game"
	"trihex/online/relay"
	"trihex/online/wire"
	"trihex/save"
)

type refGame struct {
	Game, Source, Options string
	Moves                 []string
}

func readReference(t *testing.T) []refGame {
	t.Helper()
	f, err := os.Open("testdata/reference.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []refGame
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var g refGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// The public reference games, replayed between two players over a carrier that
// drops, duplicates and delays messages in both directions (in fake time, so
// that the waits of resending cost nothing): both ends keep the same record, the
// one the reference moves make.
func TestReferenceGamesOverLossyCarrier(t *testing.T) {
	games := readReference(t)
	faults := wire.Faults{Drop: 0.08, Dup: 0.08, Delay: 0.15, MaxDelay: 400 * time.Millisecond}
	var mu sync.Mutex
	hits := map[string]int{}
	faults.Hit = func(k string) {
		mu.Lock()
		hits[k]++
		mu.Unlock()
	}
	plies := 0
	defer func() {
		t.Logf("%d plies; messages dropped %d, duplicated %d, delayed %d", plies, hits["drop"], hits["dup"], hits["delay"])
		if hits["drop"] == 0 || hits["dup"] == 0 || hits["delay"] == 0 {
			t.Error("the carrier did not mistreat messages")
		}
	}()
	for i := 0; i < len(games); i++ {
		g := games[i]
		synctest.Test(t, func(t *testing.T) {
			h, err := relay.NewHub(relay.NewMemory(), relay.Options{PingEvery: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			f := faults
			f.Seed = uint64(i)
			a, b := pair(t, h, HostGame{Game: g.Game, Options: g.Options}, f, listMover(g.Moves), listMover(g.Moves))
			got := sameRecords(t, a, b)
			plies += len(a.Moves)
			start, err := game.Lookup(g.Game)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := start.Start(g.Options)
			var moves []game.Move
			for _, text := range g.Moves {
				m, err := s.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m)
				s.Apply(m)
			}
			if len(a.Moves) != len(g.Moves) {
				t.Fatalf("game %d (%s): %d moves of %d", i, g.Source, len(a.Moves), len(g.Moves))
			}
			r, _ := start.Start(g.Options)
			want, err := save.Format(r, moves, nil)
			if err != nil {
				t.Fatal(err)
			}
			if cut := strings.Index(got, "\n\n"); got[cut:] != want[strings.Index(want, "\n\n"):] {
				t.Fatalf("game %d: got\n%s\nwant\n%s", i, got, want)
			}
		})
	}
}
