//go:build !js

package scenes

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"sig/rules"
	"sig/scenes/lang"
)

// recordsHome, when set, is the folder exported records go to (tests); otherwise it is
// "Sig records" in the user's Documents folder, or in the configuration folder where there is
// no Documents folder.
var recordsHome string

// recordFolder is the folder of exported records (made when the first record is exported).
func recordFolder() (string, error) {
	if recordsHome != "" {
		return recordsHome, nil
	}
	if home, err := os.UserHomeDir(); err == nil {
		docs := filepath.Join(home, "Documents")
		if fi, err := os.Stat(docs); err == nil && fi.IsDir() {
			return filepath.Join(docs, "Sig records"), nil
		}
	}
	return configRecords()
}

// configRecords is the records folder in the configuration folder, where exports go while
// there is no Documents folder.
func configRecords() (string, error) {
	cfg, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(cfg, "sig", "records"), nil
}

// recordFolders are the folders the records scene lists: the one exports go to, and the
// configuration folder's, which holds what was exported before a Documents folder existed.
func recordFolders() []string {
	dir, err := recordFolder()
	if err != nil {
		return nil
	}
	out := []string{dir}
	if old, err := configRecords(); err == nil && recordsHome == "" && old != dir {
		out = append(out, old)
	}
	return out
}

// exportRecord writes r as a new file in the records folder and says where, with the full path.
func exportRecord(r rules.Record) string {
	dir, err := recordFolder()
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return failed("saves.export.failed", err)
	}
	name := recordName(r.Game, time.Now())
	path := filepath.Join(dir, name)
	for i := 2; ; i++ { // two exports in the same second keep both
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			break
		}
		path = filepath.Join(dir, fmt.Sprintf("%s-%d.json", strings.TrimSuffix(name, ".json"), i))
	}
	if err := (fileStore{}).writeFile(path, encodeRecord(r)); err != nil {
		return failed("saves.export.failed", err)
	}
	return lang.T("saves.export.saved", path)
}

// recordFile is a record in the records folder.
type recordFile struct {
	Name, Path string
	Mod        time.Time
}

// listRecords lists the records in the records folders, newest first, at most max.
func listRecords(max int) []recordFile {
	var out []recordFile
	for _, dir := range recordFolders() {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() || !isRecordName(e.Name()) {
				continue
			}
			fi, err := e.Info()
			if err != nil {
				continue
			}
			out = append(out, recordFile{e.Name(), filepath.Join(dir, e.Name()), fi.ModTime()})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Mod.After(out[b].Mod) })
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// readRecordFile reads a record file from the folder, refusing one too large to be a record.
func readRecordFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxSaveSize {
		return nil, errors.New("the file is too large to be a record")
	}
	return os.ReadFile(path)
}

// pickRecordFile and pasteRecord exist in the browser only (records_js.go).
func pickRecordFile() bool { return false }
func pasteRecord() bool    { return false }
