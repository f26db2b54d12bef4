from finchat.cli import main

main()
