// A stand-in provider build that "builds" by copying a prepared artifact folder:
//   node copy-artifact.mjs FROM_DIR [OUT_DIR]   (OUT_DIR defaults to $KOFUN_CTK_OUT)
// It also records the fixture path it was given, to show the gate passed one.
import { cpSync, existsSync } from 'node:fs';

const [from, to = process.env.KOFUN_CTK_OUT] = process.argv.slice(2);
if (process.env.KOFUN_CTK_FIXTURE === undefined || !existsSync(process.env.KOFUN_CTK_FIXTURE)) {
  process.stderr.write('copy-artifact: KOFUN_CTK_FIXTURE does not name a file\n');
  process.exit(4);
}
cpSync(from, to, { recursive: true });
