// Command scripted is a UGI engine for the tests: it knows the rules and
// plays a legal move, or misbehaves as its mode says.
//
//	scripted [-mode good|silent|crash|illegal|garbage|slow|binary] [-game G]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	_ "trihex/game/all"
	"trihex/game/cli"
)

func main() {
	mode := flag.String("mode", "good", "how to behave")
	gname := flag.String("game", "attangle", "the game")
	flag.Parse()
	start, err := cli.Start(*gname, "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if *mode == "silent" {
		for sc := bufio.NewScanner(os.Stdin); sc.Scan(); {
		}
		return
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, a ...any) {
		fmt.Fprintf(out, format+"\n", a...)
		out.Flush()
	}
	pos := start.Clone()
	var played []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "ugi":
			say("id name Scripted %s", *mode)
			say("id author the tests")
			say("option name threads type spin default 1 min 1 max 8")
			say("ugiok")
		case "isready":
			say("readyok")
		case "position":
			pos = start.Clone()
			played = nil
			if len(w) > 2 && w[2] == "moves" {
				for _, t := range w[3:] {
					m, err := pos.ParseMove(t)
					if err == nil {
						err = pos.Play(m)
					}
					if err != nil {
						fmt.Fprintln(os.Stderr, "scripted:", err)
						os.Exit(2)
					}
					played = append(played, t)
				}
			}
		case "go":
			switch *mode {
			case "crash":
				fmt.Fprintln(os.Stderr, "scripted: crashing as asked")
				os.Exit(3)
			case "slow":
				continue // never answers
			case "garbage":
				for i := range 500 {
					say("hello %d, this is not UGI", i)
				}
			case "binary":
				os.Stdout.Write([]byte{0x00, 0xff, 0xfe, '\n'})
				continue
			case "illegal":
				if len(played) > 0 {
					say("bestmove %s", played[0]) // taken already
					continue
				}
			}
			ms := pos.LegalMoves(nil)
			// The move a ply's count picks: varied, and the same each run.
			m := ms[(pos.Ply()*7)%len(ms)]
			say("info depth 1 nodes 1 score cp 0 pv %s", pos.FormatMove(m))
			say("bestmove %s", pos.FormatMove(m))
		case "quit":
			return
		}
	}
}
