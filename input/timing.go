package input

import (
	"errors"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/clock"
	"trihex/save"
)

// The game's clock in the session, and its pause.

// SetTimeControl gives the game the time control ctl (no clock: none), before
// its first move; the record's TimeControl tag follows.
func (s *Session) SetTimeControl(ctl clock.Control) error {
	if err := ctl.Valid(); err != nil {
		return err
	}
	if len(s.Match.Root().Children) > 0 {
		return errors.New("input: the time control is set before the first move")
	}
	s.Clock = nil
	tags := s.Tags[:0:0]
	for _, t := range s.Tags {
		if t.Name != "TimeControl" {
			tags = append(tags, t)
		}
	}
	s.Tags = tags
	if ctl.Kind != clock.NoClock {
		s.Clock = clock.New(ctl, s.now)
		s.Tags = append(s.Tags, save.Tag{Name: "TimeControl", Value: ctl.String()})
		s.syncClock()
	}
	return nil
}

// TimeFor is what side p's clock leaves it for the engine's time manager: the
// time its clock shows (Clock.Remaining) and what each move adds or keeps (the
// Fischer increment; byo-yomi's period, which every move has once the main time
// is spent). ok is false without a clock; a correspondence game gives its time
// for this move and no increment.
func (s *Session) TimeFor(p game.Player) (left, increment time.Duration, ok bool) {
	if s.Clock == nil {
		return 0, 0, false
	}
	ctl := s.Clock.Control()
	switch ctl.Kind {
	case clock.Fischer:
		increment = ctl.Increment
	case clock.ByoYomi:
		increment = ctl.Period
	}
	return s.Clock.Remaining(p), increment, true
}

// computerClock is side's time as the computer reads it when it begins to
// think (ai.Player.Clock): false without a clock.
func (s *Session) computerClock(side game.Player) (ai.ClockState, bool) {
	if s.Clock == nil {
		return ai.ClockState{}, false
	}
	return ai.ClockFor(s.Clock.Control(), s.Clock.Side(side))
}

// Paused reports whether the game is paused: the computer waits, the clock
// stands and, with a clock, the board takes no move. With the computer in the
// game this is its own pause (Space, or waiting on opening or after an undo).
func (s *Session) Paused() bool {
	if s.hasComputer() {
		return s.Computer.Paused
	}
	return s.paused
}

// TogglePause pauses or resumes the game (Space) where CanPause.
func (s *Session) TogglePause() []Event {
	if !s.CanPause() {
		return nil
	}
	if s.hasComputer() {
		s.Computer.TogglePause()
	} else {
		s.paused = !s.paused
	}
	s.syncClock()
	s.Picker.Reset(s.InputState())
	return []Event{{Kind: PauseChanged}}
}

// setPaused pauses or resumes the game.
func (s *Session) setPaused(p bool) {
	if s.hasComputer() {
		s.Computer.Paused = p
	} else {
		s.paused = p
	}
	s.syncClock()
}

// syncClock makes the clock stand while the game is paused or over, and run
// otherwise.
func (s *Session) syncClock() {
	if s.Clock == nil {
		return
	}
	if stand := s.Paused() || s.Result().Over; stand != s.Clock.Paused() {
		if stand {
			s.Clock.Pause()
		} else {
			s.Clock.Resume()
		}
	}
}

// restoreClock sets the clock to the live position's: each side's time as its
// last move before it left it (save.ClockAt, from the stamps on the nodes).
func (s *Session) restoreClock() {
	if s.Clock == nil {
		return
	}
	if snap, ok := save.ClockAt(s.Clock.Control(), s.Match.LiveNode()); ok {
		_ = s.Clock.Restore(snap) // ClockAt gives only snapshots the control can have
	}
}

// flagClock shows loser's flag fallen, as a record ended on time says.
func (s *Session) flagClock(loser game.Player) {
	snap := s.Clock.Snapshot()
	snap.Sides[loser&1] = clock.Side{Moved: true}
	snap.Flagged = loser & 1
	_ = s.Clock.Restore(snap) // a flagged side at zero: a snapshot any control can have
}

// pressFlagged ends mover's turn on a clock whose flag shows, in a game whose
// clock another machine keeps: the move stands, the mover's time at zero, until
// SyncClock brings the authority's times.
func (s *Session) pressFlagged(mover game.Player) {
	snap := s.Clock.Snapshot()
	snap.Flagged, snap.ToMove = game.NoPlayer, mover.Other()
	snap.Sides[mover].Moved = true
	_ = s.Clock.Restore(snap) // its own snapshot: never refused
	s.flagSaid = false
}

// SyncClock sets the clock to snap, the clocks as the authority keeps them (the
// relay, or a peer), and makes the live move's [%clk] say its mover's time
// there. A snapshot the control cannot have is refused and changes nothing.
func (s *Session) SyncClock(snap clock.Snapshot) error {
	if s.Clock == nil {
		return errors.New("input: the game has no clock")
	}
	if err := s.Clock.Restore(snap); err != nil {
		return err
	}
	s.flagSaid = false
	if n := s.Match.LiveNode(); n.Parent != nil {
		if k := s.Clock.Control().Kind; k == clock.Fischer || k == clock.ByoYomi {
			n.Clock = save.Stamp(snap.Sides[s.moverOf(n)])
		}
	}
	s.syncClock()
	return nil
}
