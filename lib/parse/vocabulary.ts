// Over 300 lines: a table of words (one row per language), data only; splitting it by language would scatter one vocabulary.
/**
 * The words each field is said with, one row per language: data only, no logic. The extraction layer
 * (`lib/parse/heuristics/words.ts`) builds its matchers from this table; a new language is a new row.
 *
 * How a phrase matches: case-insensitive, as written; in scripts written with spaces (Latin, Cyrillic, Hebrew,
 * Arabic, Devanagari, Bengali...) it must stand as whole words (no letter right before or after it), so list the
 * inflections you mean ("complete", "completed"); in Chinese, Japanese and Korean it may sit inside a longer run
 * ("作業完了"). Labels (`*Labels`) must be the whole key of a `Key: value` line, heading or frontmatter key.
 *
 * Over 300 lines on purpose: it is data, one row per language (twenty of them), and a reader looks a language up
 * in one place; splitting it by language would only scatter the table.
 */

export interface LanguageWords {
  language: string;
  /** A status value or statement saying the work is finished. */
  done?: string[];
  /** ... still going. */
  inProgress?: string[];
  /** ... stopped on something outside it. */
  blocked?: string[];
  /** Keys whose value is the file's status. */
  statusLabels?: string[];
  /** Keys naming the stage the work is at ("Phase: DONE"): a status when their value is a status word. */
  phaseLabels?: string[];
  /** Headings of work still to do. */
  remainingHeadings?: string[];
  /** Headings of the next steps. */
  nextStepsHeadings?: string[];
  /** Headings whose lists are not tasks: deferred work, summaries, decisions, problems, history. */
  notTaskHeadings?: string[];
  /** Headings of open questions (their checkboxes ask, they are not work). */
  questionHeadings?: string[];
  /** Keys whose value is the commit the work stands at (HEAD). */
  headLabels?: string[];
  /** Bare commit keys: they name HEAD only where they describe the whole file (a header, a status section). */
  commitLabels?: string[];
  /** Keys whose value is the branch. */
  branchLabels?: string[];
  /** Keys whose value is the save (or update) date. */
  dateLabels?: string[];
  /** "everything on `main`": the whole work is on the branch that follows in a code span. */
  everythingOn?: string[];
  /** Headings or bold labels saying where the work stands ("Current state", "Where we left off", "Done this session"). */
  standingHeadings?: string[];
  /** Headings saying how to pick the work up again ("How to resume", "Resume point"): a save's, not a doc's. */
  resumeHeadings?: string[];
  /** Words in a document's title (its H1) or its file name that call it a saved state ("handoff", "checkpoint", "wip"). */
  saveTitles?: string[];
}

export const VOCABULARY: LanguageWords[] = [
  {
    language: "English",
    done: ["complete", "completed", "done", "finished", "closed", "shipped", "merged", "resolved", "released", "delivered", "✅", "✔", "☑"],
    inProgress: ["in progress", "in-progress", "in_progress", "inprogress", "wip", "active", "ongoing", "open", "pending", "started", "draft", "running", "todo", "to do", "paused", "mid-flow", "🚧", "⏳", "🔄"],
    blocked: ["block", "blocked", "blocker", "blockers", "blocking", "waiting on", "waiting for", "stuck", "on hold", "parked", "⛔", "🛑", "🚫"],
    statusLabels: ["status", "state", "current status", "overall status", "session status", "work status", "task status"],
    phaseLabels: ["phase", "current phase", "mode", "stage", "current stage", "development phase", "project phase"],
    remainingHeadings: ["remaining", "still to do", "left to do", "future work", "deferred", "defers", "deferrals", "outstanding", "outstanding work", "not yet implemented", "not yet done", "order of work", "pending tasks", "pending items", "pending work", "open items", "open tasks", "open work", "open points", "open todos"],
    nextStepsHeadings: ["next steps", "next step", "next actions", "next action", "next tasks", "next moves", "next session", "what's next", "whats next", "to do next", "to build next", "to work on next", "do this first", "do first", "recommended next", "what comes next", "coming next"],
    notTaskHeadings: ["summary", "context", "decision", "decisions", "known issues", "issues", "bug", "bugs", "blocker", "blockers", "blocked", "risk", "risks", "gap", "gaps", "not planned", "won't do", "wont do", "out of scope", "how to resume", "how to continue", "workflow", "reading", "reference", "references", "done", "completed", "finished", "changelog", "history"],
    questionHeadings: ["questions", "question", "open questions", "confirmations", "to confirm"],
    headLabels: ["head", "head sha", "head commit", "current head", "last commit", "latest commit", "git head", "current commit", "base commit", "last run commit"],
    commitLabels: ["commit", "sha", "git commit", "git sha", "commit hash", "commit sha"],
    branchLabels: ["branch", "branch name", "current branch", "git branch", "working branch", "active branch", "feature branch", "base branch"],
    dateLabels: ["date", "date/time", "saved", "saved at", "save time", "last saved", "timestamp", "time", "updated", "last updated", "updated at", "updated on", "last update", "generated", "generated at", "captured", "captured at", "created", "created at", "creation date", "ended", "ended at", "session date", "modified", "last modified", "last run", "last run at", "when", "written"],
    everythingOn: ["everything on", "all on", "all work on", "everything is on", "all is on"],
    standingHeadings: ["current state", "current status", "status", "state", "where we are", "where we left off", "where things stand", "where it stands", "progress", "current focus", "focus", "working on", "currently working on", "in progress", "what was done", "what we did", "what i did", "done this session", "work done", "accomplished", "accomplishments", "completed", "completed this session", "this session", "session summary", "last session", "current objective", "current task", "current work", "current phase", "recent changes", "just completed", "what's working", "what works", "current session", "session state", "current session state", "done", "changes made", "files changed", "files modified", "files touched", "changed files", "milestone", "goal", "current goal", "recent work"],
    resumeHeadings: ["how to resume", "resume", "resume point", "resuming", "to resume", "to continue", "how to continue", "pick up here", "start here", "continuation point", "continuation", "when you return", "cold start"],
    saveTitles: ["handoff", "hand-off", "handover", "checkpoint", "session", "session notes", "session state", "session log", "resume", "resume prompt", "continuation", "continue", "next session", "next prompt", "working memory", "work in progress", "wip", "now", "scratchpad", "state", "status", "progress", "progress tracker", "snapshot", "history"],
  },
  {
    language: "Mandarin Chinese",
    done: ["完成", "已完成", "完了", "结束", "結束", "已合并", "已合併", "已上线", "已上線"],
    inProgress: ["进行中", "進行中", "处理中", "處理中", "开发中", "開發中"],
    blocked: ["阻塞", "受阻", "卡住", "暂停", "暫停"],
    statusLabels: ["状态", "狀態", "当前状态", "當前狀態"],
    phaseLabels: ["阶段", "階段", "当前阶段", "當前階段"],
    remainingHeadings: ["待办", "待辦", "剩余工作", "剩餘工作", "未完成", "未完成的设定", "未完成的設定", "待完成", "后续", "後續"],
    nextStepsHeadings: ["下一步", "下一步行动", "下一步行動", "接下来", "接下來", "后续步骤", "後續步驟"],
    notTaskHeadings: ["决定", "決定", "决策", "決策", "摘要", "总结", "總結", "延后", "延後", "问题", "問題"],
    questionHeadings: ["问题", "問題", "待确认", "待確認"],
    headLabels: ["最新提交", "当前提交", "當前提交"],
    commitLabels: ["提交", "提交哈希"],
    branchLabels: ["分支", "当前分支", "當前分支"],
    dateLabels: ["日期", "更新时间", "更新時間", "更新日期", "保存时间", "保存時間", "最后更新", "最後更新"],
    standingHeadings: ["当前状态", "當前狀態", "进度", "進度", "进展", "進展", "已完成", "本次会话", "本次會話", "工作进度", "變更檔案", "变更文件", "修改文件", "處理項目", "处理项目"],
    resumeHeadings: ["如何继续", "如何繼續", "恢复", "恢復", "继续", "繼續"],
    saveTitles: ["交接", "检查点", "檢查點", "会话", "會話", "进度", "進度", "变更纪录", "變更紀錄", "工作记录", "工作紀錄"]
  },
  {
    language: "Hindi",
    done: ["पूरा", "पूर्ण", "पूरा हुआ", "समाप्त", "हो गया"],
    inProgress: ["प्रगति में", "जारी", "चल रहा है"],
    blocked: ["अवरुद्ध", "रुका हुआ"],
    statusLabels: ["स्थिति"],
    phaseLabels: ["चरण"],
    remainingHeadings: ["बाकी काम", "शेष कार्य", "करने के लिए"],
    nextStepsHeadings: ["अगले कदम", "आगे के कदम"],
    notTaskHeadings: ["निर्णय", "सारांश", "स्थगित"],
    questionHeadings: ["प्रश्न", "सवाल"],
    headLabels: ["अंतिम कमिट"],
    commitLabels: ["कमिट"],
    branchLabels: ["ब्रांच", "शाखा"],
    dateLabels: ["तारीख", "दिनांक", "अपडेट"],
  },
  {
    language: "Spanish",
    done: ["completado", "completada", "terminado", "terminada", "finalizado", "finalizada", "hecho", "hecha", "entregado", "entregada", "cerrado"],
    inProgress: ["en progreso", "en curso", "en proceso", "en desarrollo"],
    blocked: ["bloqueado", "bloqueada", "en espera"],
    statusLabels: ["estado", "estado actual"],
    phaseLabels: ["fase", "etapa"],
    remainingHeadings: ["pendiente", "pendientes", "tareas pendientes", "trabajo restante", "por hacer"],
    nextStepsHeadings: ["próximos pasos", "proximos pasos", "siguientes pasos", "siguiente paso"],
    notTaskHeadings: ["decisiones", "resumen", "aplazado", "diferido", "bloqueos"],
    questionHeadings: ["preguntas", "preguntas abiertas"],
    headLabels: ["último commit", "ultimo commit", "commit actual", "head actual"],
    branchLabels: ["rama", "rama actual", "rama de trabajo"],
    dateLabels: ["fecha", "fecha/hora", "creado", "actualizado", "última actualización", "ultima actualizacion"],
    everythingOn: ["todo en", "todo está en"],
    standingHeadings: ["estado actual", "progreso", "avance", "hecho", "completado", "en curso", "esta sesión"],
    resumeHeadings: ["cómo continuar", "como continuar", "retomar", "para continuar"],
    saveTitles: ["traspaso", "sesión", "sesion", "punto de control", "estado", "progreso"]
  },
  {
    language: "French",
    done: ["terminé", "terminée", "fini", "finie", "achevé", "achevée", "fermé", "fermée", "livré", "livrée", "complété", "complétée"],
    inProgress: ["en cours", "en progrès"],
    blocked: ["bloqué", "bloquée", "en attente"],
    statusLabels: ["statut", "état", "état actuel"],
    phaseLabels: ["phase actuelle", "étape"],
    remainingHeadings: ["à faire", "restant", "reste à faire", "travail restant", "tâches restantes", "prochaines tâches"],
    nextStepsHeadings: ["prochaines étapes", "prochaine étape", "étapes suivantes", "prochaine session"],
    notTaskHeadings: ["décisions", "décision", "résumé", "reporté", "différé", "bloquants"],
    questionHeadings: ["questions ouvertes"],
    headLabels: ["dernier commit", "commit actuel"],
    branchLabels: ["branche", "branche actuelle"],
    dateLabels: ["sauvegardé", "mis à jour", "dernière mise à jour"],
    everythingOn: ["tout sur", "tout est sur"],
    standingHeadings: ["état actuel", "avancement", "progrès", "fait", "terminé", "en cours", "cette session"],
    resumeHeadings: ["comment reprendre", "reprise", "pour continuer"],
    saveTitles: ["passation", "session", "point de contrôle", "état", "avancement"]
  },
  {
    language: "Arabic",
    done: ["مكتمل", "منتهي", "اكتمل"],
    inProgress: ["قيد التنفيذ", "جارٍ", "جاري العمل"],
    blocked: ["محظور", "متوقف"],
    statusLabels: ["الحالة"],
    phaseLabels: ["المرحلة"],
    remainingHeadings: ["المهام المتبقية", "العمل المتبقي"],
    nextStepsHeadings: ["الخطوات التالية", "الخطوة التالية"],
    notTaskHeadings: ["القرارات", "ملخص", "مؤجل"],
    questionHeadings: ["أسئلة", "الأسئلة المفتوحة"],
    headLabels: ["آخر commit", "آخر التزام"],
    branchLabels: ["الفرع"],
    dateLabels: ["التاريخ", "آخر تحديث"],
  },
  {
    language: "Bengali",
    done: ["সম্পন্ন"],
    inProgress: ["চলমান", "চলছে"],
    blocked: ["আটকে আছে", "অবরুদ্ধ"],
    statusLabels: ["অবস্থা"],
    phaseLabels: ["পর্যায়"],
    remainingHeadings: ["বাকি কাজ", "অবশিষ্ট কাজ"],
    nextStepsHeadings: ["পরবর্তী পদক্ষেপ"],
    notTaskHeadings: ["সিদ্ধান্ত", "সারসংক্ষেপ", "স্থগিত"],
    questionHeadings: ["প্রশ্ন"],
    commitLabels: ["কমিট"],
    branchLabels: ["ব্রাঞ্চ", "শাখা"],
    dateLabels: ["তারিখ"],
  },
  {
    language: "Portuguese",
    done: ["concluído", "concluida", "concluída", "finalizado", "finalizada", "terminado", "terminada", "completo", "completa", "entregue"],
    inProgress: ["em andamento", "em progresso", "em curso", "em desenvolvimento"],
    blocked: ["bloqueado", "bloqueada", "em espera"],
    statusLabels: ["estado", "estado atual", "situação"],
    phaseLabels: ["fase", "etapa"],
    remainingHeadings: ["pendente", "pendentes", "tarefas pendentes", "trabalho restante", "a fazer", "falta fazer"],
    nextStepsHeadings: ["próximos passos", "proximos passos", "próximo passo", "próxima sessão"],
    notTaskHeadings: ["decisões", "resumo", "adiado", "bloqueios"],
    questionHeadings: ["perguntas", "perguntas abertas", "dúvidas"],
    headLabels: ["último commit", "ultimo commit", "commit atual", "head atual"],
    branchLabels: ["ramo", "branch atual", "ramo atual", "branch de trabalho", "ramo de trabalho"],
    dateLabels: ["data", "data/hora", "criado", "atualizado", "última atualização", "ultima atualizacao"],
    everythingOn: ["tudo em", "tudo no", "tudo na"],
    standingHeadings: ["estado atual", "progresso", "andamento", "feito", "concluído", "em andamento", "esta sessão"],
    resumeHeadings: ["como continuar", "retomar", "para continuar"],
    saveTitles: ["passagem", "sessão", "sessao", "checkpoint", "estado", "progresso"]
  },
  {
    language: "Russian",
    done: ["выполнено", "завершено", "завершена", "завершён", "готово", "сделано", "закрыто"],
    inProgress: ["в работе", "в процессе", "выполняется"],
    blocked: ["заблокировано", "заблокирована", "ожидает"],
    statusLabels: ["статус", "состояние"],
    phaseLabels: ["этап", "фаза"],
    remainingHeadings: ["текущие задачи", "оставшиеся", "оставшиеся задачи", "осталось сделать", "запланировано", "что осталось", "незавершённое", "незавершенное"],
    nextStepsHeadings: ["следующие шаги", "следующий шаг", "дальнейшие шаги", "что дальше", "план на следующую сессию"],
    notTaskHeadings: ["решения", "резюме", "итоги", "отложено"],
    questionHeadings: ["вопросы", "открытые вопросы"],
    headLabels: ["последний коммит", "текущий коммит"],
    commitLabels: ["коммит"],
    branchLabels: ["ветка", "текущая ветка"],
    dateLabels: ["дата", "обновлено"],
    everythingOn: ["всё на", "все на"],
    standingHeadings: ["текущее состояние", "текущий статус", "прогресс", "сделано", "выполнено", "в работе", "эта сессия"],
    resumeHeadings: ["как продолжить", "продолжение"],
    saveTitles: ["передача", "сессия", "контрольная точка", "состояние", "прогресс"]
  },
  {
    language: "Urdu",
    done: ["مکمل"],
    inProgress: ["جاری", "زیر عمل"],
    blocked: ["رکا ہوا"],
    statusLabels: ["حالت", "صورتحال"],
    phaseLabels: ["مرحلہ"],
    remainingHeadings: ["باقی کام"],
    nextStepsHeadings: ["اگلے اقدامات", "اگلا قدم"],
    notTaskHeadings: ["فیصلے", "خلاصہ", "مؤخر"],
    questionHeadings: ["سوالات"],
    commitLabels: ["کمٹ"],
    branchLabels: ["برانچ", "شاخ"],
    dateLabels: ["تاریخ"],
  },
  {
    language: "Korean",
    done: ["완료", "종료", "완료됨", "머지됨"],
    inProgress: ["진행 중", "진행중", "작업 중"],
    blocked: ["차단", "보류", "막힘"],
    statusLabels: ["상태", "현재 상태", "세션 상태", "프로젝트 상태", "작업 상태"],
    phaseLabels: ["단계", "현재 단계"],
    remainingHeadings: ["남은 작업", "남은 일", "할 일", "미완료", "다음 할 일", "다음 할일", "다음에 할 것", "다음에 할 일"],
    nextStepsHeadings: ["다음 단계", "다음 작업", "다음 세션", "즉시"],
    notTaskHeadings: ["결정", "결정 사항", "요약", "보류"],
    questionHeadings: ["질문", "미해결 질문"],
    headLabels: ["최신 커밋", "마지막 커밋"],
    commitLabels: ["커밋"],
    branchLabels: ["브랜치", "현재 브랜치"],
    dateLabels: ["날짜", "갱신", "저장", "업데이트", "최종 수정", "최종 업데이트"],
    standingHeadings: ["현재 상태", "진행 상황", "진행상황", "완료", "완료된 작업", "작업 내역", "이번 세션"],
    resumeHeadings: ["재개", "이어서", "계속하려면"],
    saveTitles: ["인수인계", "핸드오프", "세션", "체크포인트", "진행", "상태"]
  },
  {
    language: "Hebrew",
    done: ["הושלם", "הושלמה", "בוצע", "גמור"],
    inProgress: ["בתהליך", "בעבודה"],
    blocked: ["חסום", "תקוע"],
    statusLabels: ["סטטוס", "סטאטוס", "מצב"],
    phaseLabels: ["שלב"],
    remainingHeadings: ["נותר", "נותרו", "משימות", "משימות פתוחות", "מה נשאר"],
    nextStepsHeadings: ["הצעדים הבאים", "הצעד הבא", "הבא", "לסשן הבא"],
    notTaskHeadings: ["החלטות", "סיכום", "נדחה"],
    questionHeadings: ["שאלות", "שאלות פתוחות"],
    headLabels: ["קומיט אחרון"],
    commitLabels: ["קומיט"],
    branchLabels: ["ענף", "בראנץ'"],
    dateLabels: ["תאריך", "עודכן"],
  },
  {
    language: "Japanese",
    done: ["完了", "済み", "完成", "終了", "マージ済み"],
    inProgress: ["進行中", "作業中", "対応中", "実装中"],
    blocked: ["ブロック", "保留", "停止中"],
    statusLabels: ["ステータス", "状態", "状況", "現在の状態"],
    phaseLabels: ["フェーズ", "段階"],
    remainingHeadings: ["残タスク", "未着手", "やること", "未完了", "残作業", "やってほしいこと", "残っている"],
    nextStepsHeadings: ["次にやること", "次に着手", "次のステップ", "次の作業", "次のセッション"],
    notTaskHeadings: ["決定事項", "判断", "概要", "まとめ", "保留事項", "後回し"],
    questionHeadings: ["質問", "未解決の質問"],
    headLabels: ["最新コミット", "現在のコミット"],
    commitLabels: ["コミット"],
    branchLabels: ["ブランチ", "現在のブランチ", "作業ブランチ"],
    dateLabels: ["日時", "日付", "作成日", "更新日", "更新日時", "最終更新", "保存日時"],
    standingHeadings: ["現在の状態", "現状", "進捗", "完了", "完了した作業", "作業内容", "今回のセッション"],
    resumeHeadings: ["再開", "再開方法", "続きから"],
    saveTitles: ["引き継ぎ", "引継ぎ", "ハンドオフ", "セッション", "チェックポイント", "進捗", "状態", "作業ログ"]
  },
  {
    language: "German",
    done: ["abgeschlossen", "erledigt", "fertig", "gemergt", "ausgeliefert"],
    inProgress: ["in arbeit", "läuft", "in bearbeitung"],
    blocked: ["blockiert", "wartet"],
    statusLabels: ["status", "zustand"],
    phaseLabels: ["phase", "aktuelle phase"],
    remainingHeadings: ["offen", "offene punkte", "offene aufgaben", "verbleibende arbeit", "noch zu tun"],
    nextStepsHeadings: ["nächste schritte", "nächster schritt", "nächste sitzung"],
    notTaskHeadings: ["entscheidungen", "zusammenfassung", "zurückgestellt", "hindernisse", "blockaden", "erledigt", "erledigte", "abgeschlossen", "abgeschlossene"],
    questionHeadings: ["fragen", "offene fragen"],
    headLabels: ["letzter commit", "aktueller commit"],
    branchLabels: ["zweig", "aktueller branch", "aktueller zweig"],
    dateLabels: ["datum", "datum/zeit", "stand", "aktualisiert", "zuletzt aktualisiert", "gespeichert"],
    everythingOn: ["alles auf", "alles ist auf"],
    standingHeadings: ["aktueller stand", "stand", "fortschritt", "erledigt", "in arbeit", "diese sitzung"],
    resumeHeadings: ["fortsetzen", "wiederaufnahme", "weitermachen"],
    saveTitles: ["übergabe", "sitzung", "checkpoint", "stand", "fortschritt"]
  },
  {
    language: "Dutch",
    done: ["voltooid", "afgerond", "gereed"],
    inProgress: ["bezig", "in uitvoering", "lopend"],
    blocked: ["geblokkeerd", "wacht op"],
    statusLabels: ["status", "toestand"],
    phaseLabels: ["fase"],
    remainingHeadings: ["openstaande taken", "openstaand", "resterend werk", "nog te doen", "te doen"],
    nextStepsHeadings: ["volgende stappen", "volgende stap", "volgende sessie"],
    notTaskHeadings: ["beslissingen", "relevante beslissingen", "samenvatting", "uitgesteld", "voltooid", "voltooide", "afgerond", "afgeronde"],
    questionHeadings: ["vragen", "open vragen"],
    headLabels: ["laatste commit", "huidige commit"],
    branchLabels: ["tak", "huidige branch", "huidige tak"],
    dateLabels: ["datum", "bijgewerkt", "laatst bijgewerkt"],
    everythingOn: ["alles op", "alles staat op"],
  },
  {
    language: "Italian",
    done: ["completato", "completata", "concluso", "conclusa", "terminato", "chiuso"],
    inProgress: ["in corso", "in lavorazione", "in sviluppo"],
    blocked: ["bloccato", "bloccata", "in attesa"],
    statusLabels: ["stato", "stato attuale"],
    phaseLabels: ["fase"],
    remainingHeadings: ["da fare", "in sospeso", "pending", "lavoro rimanente", "attività rimanenti"],
    nextStepsHeadings: ["prossimi passi", "prossimo passo", "prossima sessione"],
    notTaskHeadings: ["decisioni", "riepilogo", "rimandato", "bloccanti"],
    questionHeadings: ["domande", "domande aperte"],
    headLabels: ["ultimo commit", "commit attuale"],
    branchLabels: ["ramo"],
    dateLabels: ["data", "salvato", "aggiornato", "ultimo aggiornamento"],
    everythingOn: ["tutto su", "tutto è su"],
  },
  {
    language: "Turkish",
    done: ["tamamlandı", "tamamlandi", "bitti"],
    inProgress: ["devam ediyor", "sürüyor"],
    blocked: ["engellendi", "bekliyor"],
    statusLabels: ["durum"],
    phaseLabels: ["aşama", "faz"],
    remainingHeadings: ["yapılacaklar", "kalan işler", "bekleyenler", "devam"],
    nextStepsHeadings: ["sonraki adımlar", "sonraki adım", "sonraki oturum"],
    notTaskHeadings: ["kararlar", "özet", "ertelendi"],
    questionHeadings: ["sorular", "açık sorular"],
    headLabels: ["son commit"],
    branchLabels: ["dal"],
    dateLabels: ["tarih", "güncellendi", "son güncelleme"],
  },
  {
    language: "Vietnamese",
    done: ["hoàn thành"],
    inProgress: ["đang làm", "đang thực hiện", "đang tiến hành"],
    blocked: ["bị chặn"],
    statusLabels: ["trạng thái"],
    phaseLabels: ["giai đoạn"],
    remainingHeadings: ["còn làm", "việc cần làm", "việc còn lại"],
    nextStepsHeadings: ["bước tiếp theo"],
    notTaskHeadings: ["quyết định", "tóm tắt"],
    questionHeadings: ["câu hỏi"],
    branchLabels: ["nhánh"],
    dateLabels: ["ngày", "cập nhật"],
  },
  {
    language: "Polish",
    done: ["ukończone", "zakończone", "zrobione", "wykonane"],
    inProgress: ["w toku", "w trakcie"],
    blocked: ["zablokowane"],
    statusLabels: ["stan"],
    phaseLabels: ["etap"],
    remainingHeadings: ["do zrobienia", "pozostało", "pozostałe zadania"],
    nextStepsHeadings: ["następne kroki", "kolejne kroki"],
    notTaskHeadings: ["decyzje", "ustalenia", "podsumowanie"],
    questionHeadings: ["pytania", "otwarte pytania"],
    headLabels: ["ostatni commit"],
    branchLabels: ["gałąź"],
    dateLabels: ["data", "zapisano", "zaktualizowano"],
  },
];
