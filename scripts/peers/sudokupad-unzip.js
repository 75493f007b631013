// Decodes SudokuPad links with SudokuPad's own code, one JSON line per
// link read on stdin (`{"error": …}` when it fails): the check that links
// sudokit writes are links SudokuPad reads. SudokuPad's code is not part of
// sudokit: point SUDOKUTOOLS at the `src` folder of a checkout of
// github.com/SudokuPad/sudokutools (ISC).
//   SUDOKUTOOLS=../peers/sudokutools/src node scripts/peers/sudokupad-unzip.js < links.txt
const dir = process.env.SUDOKUTOOLS;
if (!dir) {
  console.error('set SUDOKUTOOLS to the src folder of SudokuPad/sudokutools');
  process.exit(2);
}
global.md5Digest = require(dir + '/md5digest.js');
global.PuzzleZipper = require(dir + '/puzzlezipper_lib.js');
const loadFPuzzle = require(dir + '/fpuzzlesdecoder.js');
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(l => l.trim());
for (const line of lines) {
  try {
    const m = line.trim().match(/(?:^|\/|=)(scl|ctc)([^?#]*)$/);
    if (!m) throw new Error('not an scl/ctc link');
    const text = loadFPuzzle.decompressPuzzle(loadFPuzzle.saveDecodeURIComponent(m[2]));
    console.log(PuzzleZipper.unzip(text));
  } catch (e) {
    console.log(JSON.stringify({error: String(e)}));
  }
}
