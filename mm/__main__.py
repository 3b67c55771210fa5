from mm.app.program import run

run()
