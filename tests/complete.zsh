#!/usr/bin/env zsh
# complete.zsh DIR 'COMMAND LINE'... - the matches zsh's completion system
# offers at the end of each command line: a line "<<< COMMAND LINE", then
# one a line ("match -- description" where it has one); with the
# completion functions of DIR (_pgnaudit) first in fpath.  For tests/completions.sh: an interactive zsh runs in a
# pseudo-terminal (zsh/zpty), compadd is wrapped to print what it is given,
# and a Tab is typed after the line (never an Enter: it does not run).  After the technique of Valodim's
# zsh-capture-completion.
zmodload zsh/zpty zsh/zselect || exit 2
dir=$1
shift

zpty z zsh -f -i
zpty -w z "PROMPT= RPROMPT= fpath=(${(q)dir} \$fpath); autoload -U compinit; compinit -u -D"
# No list under the line and no menu: a long list would ask whether to show
# it and take the next keys typed as the answer.
zpty -w z "unsetopt auto_list auto_menu; zstyle ':completion:*' insert-tab false"
# compadd prints each match it is given, unless asked only to return them
# (-O, -A, -D); the end of the matches is a line of its own.
zpty -w z 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits __dscr __tmp
  if (( $@[(I)-d] )); then
    __tmp=${@[$[${@[(i)-d]}+1]]}
    if [[ $__tmp == \(* ]]; then eval "__dscr=$__tmp"; else __dscr=( "${(@P)__tmp}" ); fi
  fi
  builtin compadd -A __hits -D __dscr "$@"
  setopt localoptions norcexpandparam extendedglob
  typeset -A apre hpre hsuf asuf
  zparseopts -E P:=apre p:=hpre S:=asuf s:=hsuf
  [[ -n $__hits ]] || return
  local i
  for i in {1..$#__hits}; do
    print -r -- "<match>$IPREFIX$apre$hpre$__hits[$i]$hsuf$asuf${__dscr[$i]:+ -- $__dscr[$i]}"
  done
}'
zpty -w z '__done() { print -r -- "<do""ne>" }'

# Reads what the shell writes until `mark` comes (not its echo: the marks
# are typed in two pieces), for at most 10 s, into $output.
await() {
  local mark=$1 chunk
  integer tries=0
  output=''
  while (( tries++ < 1000 )); do
    if zpty -r -t z chunk; then
      output+=$chunk
      [[ $output == *"$mark"* ]] && return 0
    else
      zselect -t 1 # a hundredth of a second, without a process
    fi
  done
  return 1
}
zpty -w z "print -r -- '<rea''dy>'"
await '<ready>' || { print -u2 "complete.zsh: the shell did not start"; exit 2 }
for line in "$@"; do
  # comppostfuncs is emptied after each completion; Ctrl-U clears the line.
  zpty -w z "comppostfuncs=(__done); print -r -- '<rea''dy>'"
  await '<ready>' || exit 2
  zpty -n -w z "$line"$'\t'
  await '<done>' || { print -u2 "complete.zsh: no completion for '$line'"; exit 2 }
  print -r -- "<<< $line"
  for l in ${(f)output}; do
    l=${l//$'\r'/}
    [[ $l == *'<match>'* ]] && print -r -- "${l#*<match>}"
  done
  zpty -n -w z $'\C-u'
done
zpty -d z
exit 0
