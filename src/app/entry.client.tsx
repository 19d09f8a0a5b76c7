// The browser's entry. Evaluating the app's scripts is most of what a slow phone does before the page answers: in one
// go it was one task of 130–280 ms at 4× CPU slowdown, the longest of the start. So the entry names only the styles,
// and evaluates the rest in two tasks (nextTask between): React with the smaller libraries, then the app with React
// Router, whose start (start.tsx) is itself in steps. The bootstrap script has both preloaded with the entry, so no
// step waits for the network (src/server/render/assets.ts lists them for the page).
import './styles/app.css'
import { nextTask } from './when-idle.ts'

async function boot() {
  await import('react-dom/client')
  await nextTask()
  const { start } = await import('./start.tsx')
  await start()
}

void boot()
