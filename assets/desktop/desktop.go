//go:build !windows

// Package desktop puts Trihex into the user's desktop menu, following the
// freedesktop.org conventions with no root needed: Install (trihex
// install-desktop) puts the binary in ~/.local/bin, a .desktop entry, icons from
// 48 to 512 px in the hicolor theme and the MIME type of .trihex files, so that
// double-clicking a record opens it; Uninstall (trihex uninstall-desktop) removes
// them.
package desktop

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"trihex/assets"
	"trihex/game/cli"
)

const (
	appID    = "trihex"
	wmClass  = "Trihex" // the X11 class the window is given in ui.Run
	mimeType = "application/x-trihex"
	mimeIcon = "application-x-trihex"
)

// Usage is the usage line of Install and Uninstall.
const Usage = "trihex install-desktop|uninstall-desktop [--home DIR] [--data DIR] [--bin DIR] [--no-update]"

// iconSizes are the hicolor sizes installed.
var iconSizes = []int{48, 64, 128, 256, 512}

// installDirs are where the files go.
type installDirs struct {
	bin, data string // ~/.local/bin and $XDG_DATA_HOME (~/.local/share)
	update    bool   // run the desktop's cache updaters
}

// parseInstallFlags reads the flags of install-desktop or uninstall-desktop
// into dirs; a bad flag or an argument is a cli.UsageError.
func parseInstallFlags(flags *cli.Flags, args []string) (installDirs, error) {
	home := flags.String("home", "", "home folder (default $HOME)")
	data := flags.String("data", "", "data folder (default $XDG_DATA_HOME or HOME/.local/share)")
	bin := flags.String("bin", "", "folder of the binary (default HOME/.local/bin)")
	noUpdate := flags.Bool("no-update", false, "do not run update-desktop-database and friends")
	if _, err := flags.Parse(args, 0, ""); err != nil {
		return installDirs{}, err
	}
	h := *home
	if h == "" {
		var err error
		if h, err = os.UserHomeDir(); err != nil {
			return installDirs{}, err
		}
	}
	d := installDirs{bin: *bin, data: *data, update: !*noUpdate}
	if d.data == "" {
		d.data = os.Getenv("XDG_DATA_HOME")
		if d.data == "" || *home != "" {
			d.data = filepath.Join(h, ".local", "share")
		}
	}
	if d.bin == "" {
		d.bin = filepath.Join(h, ".local", "bin")
	}
	var err error
	if d.bin, err = filepath.Abs(d.bin); err == nil {
		d.data, err = filepath.Abs(d.data)
	}
	return d, err
}

// desktopEntry is the .desktop file for the binary at bin.
func desktopEntry(bin string) string {
	exec := bin
	if strings.ContainsAny(bin, " \t\"'\\$`") {
		r := strings.NewReplacer(`\`, `\\\\`, `"`, `\\"`, "`", "\\\\`", `$`, `\\$`)
		exec = `"` + r.Replace(bin) + `"`
	}
	return `[Desktop Entry]
Type=Application
Version=1.4
Name=Trihex
GenericName=Hexagonal board games
Comment=Play Abande, Attangle and Andantino against a friend or the computer
Exec=` + exec + ` %f
TryExec=` + strings.ReplaceAll(bin, `\`, `\\`) + `
Icon=` + appID + `
Terminal=false
Categories=Game;BoardGame;
Keywords=abande;attangle;andantino;hex;board;
MimeType=` + mimeType + `;
StartupWMClass=` + wmClass + `
StartupNotify=false
`
}

// mimeXML is the shared-mime-info description of .trihex records.
func mimeXML() string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="` + mimeType + `">
    <comment>Trihex game record</comment>
    <sub-class-of type="text/plain"/>
    <icon name="` + mimeIcon + `"/>
    <glob pattern="*.trihex"/>
  </mime-type>
</mime-info>
`
}

// installFile is one file written by install-desktop.
type installFile struct {
	path string
	data []byte
	mode os.FileMode
}

// installFiles lists every file but the binary.
func installFiles(d installDirs) ([]installFile, error) {
	files := []installFile{
		{filepath.Join(d.data, "applications", appID+".desktop"), []byte(desktopEntry(filepath.Join(d.bin, appID))), 0o644},
		{filepath.Join(d.data, "mime", "packages", appID+".xml"), []byte(mimeXML()), 0o644},
	}
	for _, n := range iconSizes {
		png, err := assets.IconPNGSized(n)
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(d.data, "icons", "hicolor", fmt.Sprintf("%dx%d", n, n))
		files = append(files,
			installFile{filepath.Join(dir, "apps", appID+".png"), png, 0o644},
			installFile{filepath.Join(dir, "mimetypes", mimeIcon+".png"), png, 0o644})
	}
	return files, nil
}

// Install writes the binary, the menu entry, the icons and the MIME type of
// records under the user's home and returns the exit status.
func Install(args []string, stdout, stderr io.Writer) int {
	flags := cli.NewFlags("install-desktop", Usage, stderr)
	d, err := parseInstallFlags(flags, args)
	if err != nil {
		return flags.Fail(err)
	}
	if err := doInstall(d, stdout); err != nil {
		fmt.Fprintln(stderr, "trihex install-desktop:", err)
		return 1
	}
	return 0
}

// Uninstall removes what Install wrote and returns the exit status.
func Uninstall(args []string, stdout, stderr io.Writer) int {
	flags := cli.NewFlags("uninstall-desktop", Usage, stderr)
	d, err := parseInstallFlags(flags, args)
	if err != nil {
		return flags.Fail(err)
	}
	if err := doUninstall(d, stdout); err != nil {
		fmt.Fprintln(stderr, "trihex uninstall-desktop:", err)
		return 1
	}
	return 0
}

func doInstall(d installDirs, out io.Writer) error {
	files, err := installFiles(d)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		return err
	}
	target := filepath.Join(d.bin, appID)
	if same(self, target) {
		fmt.Fprintln(out, "binary already in place:", target)
	} else {
		files = append(files, installFile{target, bin, 0o755})
	}
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			return err
		}
		tmp := f.path + ".tmp"
		if err := os.WriteFile(tmp, f.data, f.mode); err != nil {
			return err
		}
		if err := os.Rename(tmp, f.path); err != nil {
			return err
		}
		fmt.Fprintln(out, "installed", f.path)
	}
	if d.update {
		refresh(d, out)
		runTool(out, "xdg-mime", "default", appID+".desktop", mimeType)
	}
	if p := os.Getenv("PATH"); !strings.Contains(":"+p+":", ":"+d.bin+":") {
		fmt.Fprintf(out, "note: %s is not on your PATH; the menu entry works regardless\n", d.bin)
	}
	return nil
}

func doUninstall(d installDirs, out io.Writer) error {
	files, err := installFiles(d)
	if err != nil {
		return err
	}
	files = append(files, installFile{path: filepath.Join(d.bin, appID)})
	var errs []error
	for _, f := range files {
		err := os.Remove(f.path)
		switch {
		case err == nil:
			fmt.Fprintln(out, "removed", f.path)
		case !errors.Is(err, fs.ErrNotExist):
			errs = append(errs, err)
		}
	}
	if d.update {
		refresh(d, out)
	}
	return errors.Join(errs...)
}

// refresh runs the desktop's cache updaters when they are installed.
func refresh(d installDirs, out io.Writer) {
	runTool(out, "update-mime-database", filepath.Join(d.data, "mime"))
	runTool(out, "update-desktop-database", filepath.Join(d.data, "applications"))
	runTool(out, "gtk-update-icon-cache", "-f", "-t", filepath.Join(d.data, "icons", "hicolor"))
}

func runTool(out io.Writer, name string, args ...string) {
	if _, err := exec.LookPath(name); err != nil {
		return
	}
	if b, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		fmt.Fprintf(out, "note: %s: %v %s\n", name, err, strings.TrimSpace(string(b)))
	}
}

func same(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
