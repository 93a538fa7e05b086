package save

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Extension is the file name extension of Trihex records.
const Extension = ".trihex"

// ConfigDir returns the folder for the autosave and the settings, creating it:
// override when not empty (the --config-dir flag), else os.UserConfigDir()/trihex.
func ConfigDir(override string) (string, error) {
	dir := override
	if dir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("save: no folder for settings: %v", err)
		}
		dir = filepath.Join(base, "trihex")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("save: %v", err)
	}
	return dir, nil
}

// AutosaveName is the autosave's file name inside the config folder.
const AutosaveName = "autosave" + Extension

// Autosave writes the current game to dir after every move.
func Autosave(dir, record string) error {
	return writeSoon(filepath.Join(dir, AutosaveName), []byte(record))
}

// LoadAutosave reads the autosave in dir. It returns (nil, "", nil) when there is
// none. A damaged autosave is renamed aside (so it is neither lost nor read again)
// and reported in notice, with a nil game.
func LoadAutosave(dir string) (g *Game, notice string, err error) {
	path := filepath.Join(dir, AutosaveName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("save: autosave: %v", err)
	}
	g, rerr := Read(strings.NewReader(string(data)))
	if rerr == nil {
		return g, "", nil
	}
	aside := path + ".damaged-" + time.Now().Format("20060102-150405")
	if err := os.Rename(path, aside); err != nil {
		return nil, "", fmt.Errorf("save: autosave is damaged (%v) and could not be moved aside: %v", rerr, err)
	}
	return nil, fmt.Sprintf("The autosaved game could not be read and was kept as %s: %v", aside, rerr), nil
}

// Settings are the user's choices that outlive a session.
type Settings struct {
	WindowW, WindowH int
	// WindowX, WindowY are the window's top-left corner on the desktop, used when
	// WindowPlaced (a first start leaves the placing to the desktop).
	WindowX, WindowY int
	WindowPlaced     bool
	Fullscreen       bool
	Theme            string
	Coordinates      bool
	Flip             bool // the board turned by 180°, for players sitting opposite
	LastGame         string
	LastOptions      string
	Players          [2]string // "human" or "computer", First then Second
	Level            int
	AnimationSpeed   float64 // 1 = normal, 0 = no animation
	Sound            bool
	Volume           float64
	// FasterReplies: the computer's extra cores shorten its thinking at the
	// level's strength instead of making it stronger in the same time.
	FasterReplies bool
	// Thinking shows, in the thinking computer's box, the move it likes so far
	// (key T); off, the box says only that it thinks.
	Thinking bool `json:",omitempty"`
	// TimeControl is the clock chosen on the start screen, as a record's
	// TimeControl tag writes it ("300+5", "600+5x30"); "" or "-" is no clock.
	TimeControl string
	Recent      []string // most recent first
	// AutosaveFile is the file the autosaved game was opened from or last
	// saved to ("" for none), so that Continue saves to it again.
	AutosaveFile string `json:",omitempty"`
	// LessonsDone names the lessons played to the end ("abande/01-entering.txt"),
	// PuzzlesSolved the puzzles solved (by an id of their data line).
	LessonsDone   []string
	PuzzlesSolved []string
	// Engines are the external engines the start screen offers as the
	// computer: engine files (NAME.ugi) or command lines, spoken to in UGI.
	Engines []string `json:",omitempty"`
}

// DefaultSettings are used when there is no settings file or it is damaged.
func DefaultSettings() Settings {
	return Settings{
		WindowW: 1280, WindowH: 800,
		Theme:          "classic",
		Coordinates:    true,
		LastGame:       "Abande",
		Players:        [2]string{"human", "human"},
		Level:          3,
		AnimationSpeed: 1,
		Sound:          true,
		Volume:         0.7,
	}
}

// SettingsName is the settings file's name inside the config folder.
const SettingsName = "settings.json"

// MaxRecent is how many recent files the File menu lists.
const MaxRecent = 8

// LoadSettings reads the settings in dir. A missing file gives the defaults; a
// damaged one gives the defaults and a notice for the user.
func LoadSettings(dir string) (Settings, string) {
	s := DefaultSettings()
	data, err := os.ReadFile(filepath.Join(dir, SettingsName))
	if errors.Is(err, fs.ErrNotExist) {
		return s, ""
	}
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		return DefaultSettings(), fmt.Sprintf("Settings could not be read (%v); using the defaults.", err)
	}
	s.clamp()
	return s, ""
}

// clamp repairs values a hand-edited file may have put out of range.
func (s *Settings) clamp() {
	d := DefaultSettings()
	if s.WindowW < 320 || s.WindowW > 16384 || s.WindowH < 240 || s.WindowH > 16384 {
		s.WindowW, s.WindowH = d.WindowW, d.WindowH
	}
	if s.WindowX < -32768 || s.WindowX > 32768 || s.WindowY < -32768 || s.WindowY > 32768 {
		s.WindowX, s.WindowY, s.WindowPlaced = 0, 0, false
	}
	if s.Level < 1 || s.Level > 6 { // 6 is Expert
		s.Level = d.Level
	}
	if s.AnimationSpeed < 0 || s.AnimationSpeed > 4 {
		s.AnimationSpeed = d.AnimationSpeed
	}
	if s.Volume < 0 || s.Volume > 1 {
		s.Volume = d.Volume
	}
	if len(s.Recent) > MaxRecent {
		s.Recent = s.Recent[:MaxRecent]
	}
}

// SaveSettings writes s to dir atomically.
func SaveSettings(dir string, s Settings) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("save: %v", err)
	}
	return writeSoon(filepath.Join(dir, SettingsName), append(data, '\n'))
}

// AddRecent puts path first in the recent files, without duplicates.
func (s *Settings) AddRecent(path string) {
	list := []string{path}
	for _, p := range s.Recent {
		if p != path && len(list) < MaxRecent {
			list = append(list, p)
		}
	}
	s.Recent = list
}
