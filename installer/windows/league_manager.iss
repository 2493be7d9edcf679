; Inno Setup script for League Manager on Windows. Built by installer\windows\build.ps1, which
; passes the values of installer\contents.toml (the list every system's package shares) as
; /D defines and has PyInstaller put the one-folder app in build\installer\dist\league-manager.
; Cannot be built or tested on the Linux machine the project is developed on.

#ifndef AppVersion
  #error Run installer\windows\build.ps1: it defines AppVersion, AppName, AppId, AppExe...
#endif

[Setup]
AppId={#AppId}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#RepoDir}\dist
OutputBaseFilename=league-manager-{#AppVersion}-windows-x64-setup
SetupIconFile={#RepoDir}\build\installer\icons\app.ico
UninstallDisplayIcon={app}\{#AppExe}.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesEnvironment=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "addtopath"; Description: "Add league-manager to the PATH (for the command line)"; Flags: unchecked

[Files]
; The whole PyInstaller folder: program, Python, Qt and the data folders of contents.toml.
Source: "{#RepoDir}\build\installer\dist\{#AppExe}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}.exe"; Tasks: desktopicon

[Registry]
Root: HKCU; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; ValueData: "{olddata};{app}"; Tasks: addtopath; Check: NeedsAddPath(ExpandConstant('{app}'))

[Run]
Filename: "{app}\{#AppExe}.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[Code]
function NeedsAddPath(Folder: string): Boolean;
var
  Paths: string;
begin
  if not RegQueryStringValue(HKEY_CURRENT_USER, 'Environment', 'Path', Paths) then
  begin
    Result := True;
    exit;
  end;
  Result := Pos(';' + Uppercase(Folder) + ';', ';' + Uppercase(Paths) + ';') = 0;
end;
