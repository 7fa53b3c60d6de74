# fish completion for pgnaudit(1): the commands, each command's options,
# their values (formats, editions, severities), the check codes of --select,
# --ignore and explain, and file names.
#
# The codes come from the program itself (`pgnaudit explain` lists the
# catalogue, with each code's severity and summary); the options and values
# are written here, and tests/completions.sh holds them to each command's
# --help.  Installed by `make install` as
# $(PREFIX)/share/fish/vendor_completions.d/pgnaudit.fish.

# The command: the first word after the program's own options.
function __pgnaudit_command
    set -l words (commandline -opc)
    set -e words[1]
    for word in $words
        switch $word
            case '-*'
                continue
        end
        echo $word
        return 0
    end
    return 1
end

function __pgnaudit_is
    set -l command (__pgnaudit_command); or return 1
    contains -- $command $argv
end

# The check codes with their severity and summary, from the program that
# is being completed.
function __pgnaudit_codes
    set -l program (commandline -opc)[1]
    $program explain 2>/dev/null | string replace -r '^(\S+)\s+(\S+)\s+(.*)$' '$1\t$2: $3'
end

# The items of --select and --ignore: codes, severities, all.
function __pgnaudit_code_items
    __pgnaudit_codes
    printf '%s\t%s\n' error 'the findings at that severity' warning 'the findings at that severity' \
        info 'the findings at that severity' all 'every code'
end

set -l commands check report fix split replay perft explain help

complete -c pgnaudit -f
complete -c pgnaudit -n "not __pgnaudit_command" -s h -l help -d 'show the usage'
complete -c pgnaudit -n "not __pgnaudit_command" -l version -d 'show the version'
complete -c pgnaudit -n "not __pgnaudit_command" -a check -d 'parse, replay every game, print findings'
complete -c pgnaudit -n "not __pgnaudit_command" -a report -d "summarise check's JSON Lines"
complete -c pgnaudit -n "not __pgnaudit_command" -a fix -d 'write the games back as clean export PGN'
complete -c pgnaudit -n "not __pgnaudit_command" -a split -d 'clean / flagged files, or N shards'
complete -c pgnaudit -n "not __pgnaudit_command" -a replay -d 'print every position of every game'
complete -c pgnaudit -n "not __pgnaudit_command" -a perft -d 'count the leaf nodes of the legal move tree'
complete -c pgnaudit -n "not __pgnaudit_command" -a explain -d 'what a check code means'
complete -c pgnaudit -n "not __pgnaudit_command" -a help -d 'show the usage of a command'

# Every command takes --help and --version; those that read games take files.
complete -c pgnaudit -n "__pgnaudit_is $commands" -s h -l help -d 'show the usage'
complete -c pgnaudit -n "__pgnaudit_is $commands" -l version -d 'show the version'
complete -c pgnaudit -n "__pgnaudit_is check report fix split replay" -F
complete -c pgnaudit -n "__pgnaudit_is help" -a "$commands"
complete -c pgnaudit -n "__pgnaudit_is explain" -a "(__pgnaudit_codes)"

# check
complete -c pgnaudit -n "__pgnaudit_is check" -s f -l format -x -a 'text jsonl csv' -d 'output format'
complete -c pgnaudit -n "__pgnaudit_is check" -s o -l output -r -F -d 'write the findings to FILE'
complete -c pgnaudit -n "__pgnaudit_is check" -l select -x -a '(__fish_append , (__pgnaudit_code_items))' -d 'report only these'
complete -c pgnaudit -n "__pgnaudit_is check" -l ignore -x -a '(__fish_append , (__pgnaudit_code_items))' -d 'do not report these'
complete -c pgnaudit -n "__pgnaudit_is check" -l rules -x -a 'by-date fide2023 fide2005' -d 'the edition of the Laws'
complete -c pgnaudit -n "__pgnaudit_is check" -l lang -x -a '(__fish_append , auto en de fr es it nl ru ar fa figurine)' -d 'notations to read moves in'
complete -c pgnaudit -n "__pgnaudit_is check" -l recover -d 'find the recording error and go on'
complete -c pgnaudit -n "__pgnaudit_is check" -l play-illegal -d 'play an illegal move that stood and go on'
complete -c pgnaudit -n "__pgnaudit_is check" -l time-class -x -a 'by-tag standard rapid blitz' -d 'whose rules an illegal move falls under'
complete -c pgnaudit -n "__pgnaudit_is check" -l trf -r -F -d 'check the games against the tournament report (TRF)'
complete -c pgnaudit -n "__pgnaudit_is check" -l clocks -d 'with -f jsonl, a record of the clocks of each game'
complete -c pgnaudit -n "__pgnaudit_is check" -l fail-on -x -a 'error warning info never' -d 'exit 1 on a finding at LEVEL or above'
complete -c pgnaudit -n "__pgnaudit_is check" -l strict -d 'exit 1 on any finding'
complete -c pgnaudit -n "__pgnaudit_is check" -l exit-zero -d 'exit 0 whatever is found'
complete -c pgnaudit -n "__pgnaudit_is check" -l no-progress -d 'no progress line on the terminal'
complete -c pgnaudit -n "__pgnaudit_is check" -l color -x -a 'auto always never' -d 'colour the severities'
complete -c pgnaudit -n "__pgnaudit_is check" -s j -l jobs -x -d 'N threads'
complete -c pgnaudit -n "__pgnaudit_is check" -s q -l quiet -d 'no summary line'
complete -c pgnaudit -n "__pgnaudit_is check" -s v -l verbose -d 'the summary line with time and MB/s'

# report
complete -c pgnaudit -n "__pgnaudit_is report" -s f -l format -x -a 'text csv html' -d 'output format'
complete -c pgnaudit -n "__pgnaudit_is report" -l by -x -a 'code event player file' -d 'csv: count per GROUP'
complete -c pgnaudit -n "__pgnaudit_is report" -l top -x -d 'text: rows of the tables'
complete -c pgnaudit -n "__pgnaudit_is report" -s o -l output -r -F -d 'write to FILE'
complete -c pgnaudit -n "__pgnaudit_is report" -l exit-zero -d 'exit 0 when error findings were read'

# fix
complete -c pgnaudit -n "__pgnaudit_is fix" -s o -l output -r -F -d 'write to FILE'
complete -c pgnaudit -n "__pgnaudit_is fix" -s i -l in-place -d 'rewrite each FILE itself'
complete -c pgnaudit -n "__pgnaudit_is fix" -l backup -x -d 'with --in-place, keep the original as FILE+SUFFIX'
complete -c pgnaudit -n "__pgnaudit_is fix" -l lang -x -a '(__fish_append , auto en de fr es it nl ru ar fa figurine)' -d 'notations to read moves in'
complete -c pgnaudit -n "__pgnaudit_is fix" -l recover -d 'repair recording errors only one move explains'
complete -c pgnaudit -n "__pgnaudit_is fix" -s q -l quiet -d 'no line per change, no summary'
complete -c pgnaudit -n "__pgnaudit_is fix" -l exit-zero -d 'exit 0 when games were copied unchanged'
complete -c pgnaudit -n "__pgnaudit_is fix" -l no-progress -d 'no progress line on the terminal'

# split
complete -c pgnaudit -n "__pgnaudit_is split" -l clean -r -F -d 'the games without a finding'
complete -c pgnaudit -n "__pgnaudit_is split" -l flagged -r -F -d 'the games with one'
complete -c pgnaudit -n "__pgnaudit_is split" -l drop-duplicates -r -F -d 'the copies of a game'
complete -c pgnaudit -n "__pgnaudit_is split" -l unique -r -F -d 'the games that are no copy'
complete -c pgnaudit -n "__pgnaudit_is split" -l flagged-on -x -a 'error warning info' -d 'the severity that flags a game'
complete -c pgnaudit -n "__pgnaudit_is split" -l rules -x -a 'by-date fide2023 fide2005' -d 'the edition of the Laws'
complete -c pgnaudit -n "__pgnaudit_is split" -l select -x -a '(__fish_append , (__pgnaudit_code_items))' -d 'count only these'
complete -c pgnaudit -n "__pgnaudit_is split" -l ignore -x -a '(__fish_append , (__pgnaudit_code_items))' -d 'do not count these'
complete -c pgnaudit -n "__pgnaudit_is split" -l lang -x -a '(__fish_append , auto en de fr es it nl ru ar fa figurine)' -d 'notations to read moves in'
complete -c pgnaudit -n "__pgnaudit_is split" -l recover -d 'find the recording error and go on'
complete -c pgnaudit -n "__pgnaudit_is split" -l play-illegal -d 'play an illegal move that stood and go on'
complete -c pgnaudit -n "__pgnaudit_is split" -l time-class -x -a 'by-tag standard rapid blitz' -d 'whose rules an illegal move falls under'
complete -c pgnaudit -n "__pgnaudit_is split" -l shards -x -d 'cut into N files'
complete -c pgnaudit -n "__pgnaudit_is split" -l prefix -r -F -d 'shard k is PREFIXk.pgn'
complete -c pgnaudit -n "__pgnaudit_is split" -l exit-zero -d 'exit 0 when a game has an error finding'
complete -c pgnaudit -n "__pgnaudit_is split" -l no-progress -d 'no progress line on the terminal'

# replay
complete -c pgnaudit -n "__pgnaudit_is replay" -s o -l output -r -F -d 'write to FILE'
complete -c pgnaudit -n "__pgnaudit_is replay" -l lang -x -a '(__fish_append , auto en de fr es it nl ru ar fa figurine)' -d 'notations to read moves in'
complete -c pgnaudit -n "__pgnaudit_is replay" -l recover -d 'play the one repair the game agrees with'
complete -c pgnaudit -n "__pgnaudit_is replay" -l play-illegal -d 'play an illegal move that stood and go on'
complete -c pgnaudit -n "__pgnaudit_is replay" -l variations -d 'the moves of the variations too'

# perft: a FEN and a depth
complete -c pgnaudit -n "__pgnaudit_is perft" -l divide -d "first 'uci: count' for every legal move"
complete -c pgnaudit -n "__pgnaudit_is perft" -l chess960 -d 'read the castling field as Chess960'

# explain
complete -c pgnaudit -n "__pgnaudit_is explain" -s f -l format -x -a 'text jsonl' -d 'output format'
complete -c pgnaudit -n "__pgnaudit_is explain" -l example -d 'print only the example game'
complete -c pgnaudit -n "__pgnaudit_is explain" -l example-trf -d 'print only the tournament report of the example'
