// npm run cluster:image -- <dir> — the Dockerfile's commands, run here without Docker (no Docker
// engine runs on these machines): reads ./Dockerfile, copies the build context (the repository's
// files that git tracks or would track, minus .dockerignore's patterns) into <dir>/app as
// `COPY . .` does, runs every RUN of the build stage there (npm ci, build, npm prune --omit=dev),
// and writes <dir>/image.json with the final stage's ENV and CMD. `CLUSTER_IMAGE=<dir> npm run
// cluster:test` (or `npm run cluster`) then starts every instance from that pruned copy with
// that command and environment. An instruction this script does not know fails it, so the
// Dockerfile cannot drift away from what is verified here. What it cannot verify — the base
// image, Docker's own COPY, compose's networking — is listed at the top of the Dockerfile.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export interface Image {
  /** Where the app lives in the copy (the final stage's WORKDIR). */
  appDir: string;
  command: string[];
  env: Record<string, string>;
}

/** The Dockerfile's stages: their base image, RUN commands, ENV and CMD. */
function parseDockerfile(text: string) {
  const stages: Array<{
    from: string;
    run: string[];
    env: Record<string, string>;
    cmd?: string[];
  }> = [];
  // Continuation lines are joined; comments dropped.
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  for (const line of lines) {
    const [instruction = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    const stage = stages.at(-1);
    switch (instruction.toUpperCase()) {
      case "FROM":
        stages.push({ from: rest[0] ?? "", run: [], env: {} });
        break;
      case "WORKDIR":
        if (args !== "/app") throw new Error(`WORKDIR ${args}: only /app is verified here`);
        break;
      case "COPY":
        if (args !== ". ." && args !== "--from=build /app /app")
          throw new Error(`COPY ${args}: not verified here`);
        break;
      case "RUN":
        stage?.run.push(args);
        break;
      case "ENV":
        for (const pair of rest) {
          const [k = "", v = ""] = pair.split("=");
          if (stage) stage.env[k] = v;
        }
        break;
      case "EXPOSE":
        break;
      case "CMD":
        if (stage) stage.cmd = JSON.parse(args) as string[];
        break;
      default:
        throw new Error(`Dockerfile instruction ${instruction}: not verified by deploy/image.ts`);
    }
  }
  return stages;
}

/** The build context as `COPY . .` sees it: git's files minus .dockerignore's top-level names. */
function copyContext(dest: string): void {
  const ignore = readFileSync(path.join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const ignored = (file: string) =>
    ignore.some((pattern) => {
      const name = pattern.replace(/^\*\*\//, "");
      const parts = file.split("/");
      return pattern.startsWith("**/") ? parts.includes(name) : parts[0] === name;
    });
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f && !ignored(f));
  mkdirSync(dest, { recursive: true });
  const tar = spawnSync("sh", ["-c", `tar --null -T - -cf - | tar -xf - -C '${dest}'`], {
    cwd: root,
    input: `${files.join("\0")}\0`,
    stdio: ["pipe", "inherit", "inherit"],
  });
  if (tar.status !== 0) throw new Error("copying the build context failed");
}

export function buildImage(dir: string): Image {
  const stages = parseDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  const build = stages[0];
  const final = stages.at(-1);
  if (!build || !final?.cmd) throw new Error("the Dockerfile needs a build stage and a CMD");
  const nodeMajor = process.versions.node.split(".")[0];
  for (const stage of stages) {
    const major = stage.from.match(/^node:(\d+)/)?.[1];
    if (major !== nodeMajor)
      throw new Error(`${stage.from}: this machine runs Node ${process.versions.node}`);
  }
  const appDir = path.join(dir, "app");
  rmSync(appDir, { recursive: true, force: true });
  copyContext(appDir);
  for (const command of build.run) {
    console.log(`image: RUN ${command}`);
    const started = performance.now();
    const r = spawnSync("sh", ["-c", command], {
      cwd: appDir,
      stdio: "inherit",
      env: { ...process.env, ...build.env },
    });
    if (r.status !== 0) throw new Error(`RUN ${command} failed (${r.status})`);
    console.log(`image: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const image: Image = { appDir, command: final.cmd, env: final.env };
  writeFileSync(path.join(dir, "image.json"), JSON.stringify(image, null, 2));
  return image;
}

/** The image built by buildImage into `dir`. */
export function readImage(dir: string): Image {
  return JSON.parse(readFileSync(path.join(dir, "image.json"), "utf8")) as Image;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: npm run cluster:image -- <dir>");
    process.exit(1);
  }
  const image = buildImage(path.resolve(dir));
  console.log(
    `image: ${image.appDir}, CMD ${image.command.join(" ")}, ENV ${JSON.stringify(image.env)}`,
  );
}
